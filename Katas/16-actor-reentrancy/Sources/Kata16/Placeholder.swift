/// A placeholder from `kata new`: the starter answers "starter", the test expects "solved",
/// so the kata's test fails here as every kata's must. Replace this file with the kata's
/// starter code: code that works but cannot be tested quickly and deterministically.
func placeholderAnswer() -> String {
    "starter"
}
