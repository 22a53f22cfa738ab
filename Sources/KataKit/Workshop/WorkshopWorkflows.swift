import Foundation

/// The GitHub Actions workflows of the learner edition, generated from the catalog so that a
/// kata added with `kata new` is graded without anyone editing YAML.
///
/// - `.github/workflows/classroom.yml`: GitHub Classroom's autograding. Classroom reads points
///   only from a workflow named `Autograding Tests` with one job `run-autograding-tests`, whose
///   steps are `classroom-resources/autograding-command-grader@v1` (here one per kata, worth the
///   kata's minutes) and `autograding-grading-reporter@v1` at the end, which must see every
///   grader's result in a `<STEP-ID>_RESULTS` variable.
/// - `.github/workflows/progress.yml`: runs `kata progress`, writes its table to the job summary
///   and uploads the JSON report as the artifact `progress`, named after the learner's
///   repository, that `kata workshop room` reads. The reporter's documentation asks that no other
///   workflow finish first on a push, so this one starts when `Autograding Tests` completes (and
///   by hand), on the same commit.
///
/// Both build the tool in the `swift:6.2` image on Linux and install libcmark-gfm first.
enum WorkshopWorkflows {
    static let swiftImage = "swift:6.2"

    /// The points of a kata: its minutes, at least 1.
    static func points(of kata: Kata) -> Int { max(1, kata.metadata.minutes) }

    /// Both workflows' steps after the checkout: libcmark-gfm, then the tool.
    static let buildSteps = """
              - name: Install libcmark-gfm (the kata tool renders Markdown with it)
                run: |
                  apt-get update -qq
                  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pkg-config libcmark-gfm-dev \
        libcmark-gfm-extensions-dev
              - name: Build the kata tool
                run: swift build --product kata
        """

    static let installSteps = """
              - name: Check out the learner's code
                uses: actions/checkout@v5
        \(buildSteps)
        """

    static func classroom(_ katas: [Kata]) -> String {
        var text = """
            # Written by `kata workshop export` from the katas' front matter: one grader step per
            # kata, worth the kata's minutes. Regenerate it (export again) rather than edit it.
            # GitHub Classroom reads points only from a workflow with this name and this one job.
            name: Autograding Tests
            on:
              - push
              - workflow_dispatch
            permissions:
              checks: write
              actions: read
              contents: read
            jobs:
              run-autograding-tests:
                runs-on: ubuntu-latest
                container:
                  image: \(swiftImage)
                timeout-minutes: \(30 + 10 * katas.count)
                if: github.actor != 'github-classroom[bot]'
                steps:

            """
        text += installSteps + "\n"
        for kata in katas {
            text += """
                      - name: Kata \(kata.id)
                        id: \(stepID(kata))
                        uses: classroom-resources/autograding-command-grader@v1
                        # A kata that fails must not skip the graders after it.
                        if: ${{ !cancelled() }}
                        with:
                          test-name: \(yamlQuoted(kata.heading))
                          command: .build/debug/kata check \(kata.number) --timeout 540
                          timeout: 10
                          max-score: \(points(of: kata))

                """
        }
        text += """
                  - name: Autograding Reporter
                    uses: classroom-resources/autograding-grading-reporter@v1
                    if: ${{ !cancelled() }}
                    env:

            """
        for kata in katas {
            text += "          \(stepID(kata).uppercased())_RESULTS: \"${{ steps.\(stepID(kata)).outputs.result }}\"\n"
        }
        text += """
                    with:
                      runners: \(katas.map(stepID).joined(separator: ","))

            """
        return text
    }

    static func progress() -> String {
        """
        # Written by `kata workshop export`. After each push is graded (Autograding Tests), runs
        # every kata's tests with `kata progress`, shows the table in the run's summary, and
        # uploads progress.json as the artifact the facilitator's `kata workshop room` reads.
        name: Kata progress
        on:
          workflow_run:
            workflows: [Autograding Tests]
            types: [completed]
          workflow_dispatch:
        permissions:
          contents: read
        jobs:
          progress:
            runs-on: ubuntu-latest
            container:
              image: \(swiftImage)
            timeout-minutes: 60
            steps:
              - name: Check out the graded commit
                uses: actions/checkout@v5
                with:
                  ref: ${{ github.event.workflow_run.head_sha || github.sha }}
        \(buildSteps)
              - name: Run every kata's tests
                env:
                  LEARNER: ${{ github.event.repository.name }}
                  GRADED_SHA: ${{ github.event.workflow_run.head_sha || github.sha }}
                run: |
                  GITHUB_SHA="$GRADED_SHA" .build/debug/kata progress --jobs 2 --timeout 540 \\
                    --learner "$LEARNER" --format markdown --json-file progress.json >> "$GITHUB_STEP_SUMMARY"
              - name: Upload the progress report
                uses: actions/upload-artifact@v6
                with:
                  name: progress
                  path: progress.json
                  if-no-files-found: error

        """
    }

    /// `kata-01`: a step id, and (upper-cased) the reporter's variable prefix.
    static func stepID(_ kata: Kata) -> String { "kata-\(kata.id)" }

    /// A YAML double-quoted scalar; a title may hold `:` or `#`.
    static func yamlQuoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            default:
                if scalar.isControl {
                    quoted += "\\u" + String(format: "%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
