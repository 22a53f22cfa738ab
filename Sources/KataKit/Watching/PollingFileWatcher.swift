import Foundation

/// Finds changes by looking: every `interval` it lists the watched files with their size,
/// modification time and inode, and reports the paths whose entry differs from the last look.
///
/// It works on every file system, including those that never notify (network and shared
/// folders, some container mounts), and a kata is a few dozen files, so a look costs next to
/// nothing. An editor that saves by writing a new file and renaming it over the old one keeps
/// the size and may keep the time, but the inode changes, so that save is seen too.
///
/// ```swift
/// let watcher = PollingFileWatcher(tree: WatchedTree(kata: kata), interval: .milliseconds(500))
/// try watcher.start { paths in print("changed:", paths.sorted()) }
/// defer { watcher.stop() }
/// ```
public final class PollingFileWatcher: FileWatcher, @unchecked Sendable {
    // @unchecked: the look at the files (`snapshot`, `folderByWatch`) is confined to `queue`.
    public let tree: WatchedTree
    public let interval: Duration

    private let queue = DispatchQueue(label: "kata.polling-file-watcher")
    private let queueKey = DispatchSpecificKey<Bool>()
    private let running = Locked<(source: DispatchSourceTimer?, isStopped: Bool)>((nil, false))
    /// The last look; touched only on `queue`.
    private var snapshot: [String: FileSignature] = [:]

    public init(tree: WatchedTree, interval: Duration = .milliseconds(500)) {
        self.tree = tree
        self.interval = interval
        queue.setSpecific(key: queueKey, value: true)
    }

    deinit {
        running.value.source?.cancel()
    }

    public func start(onChange: @escaping @Sendable (Set<String>) -> Void) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: tree.root.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw FileWatcherError("\(tree.root.path) is not a folder.")
        }
        // Taken before `start` returns, so a change made right after it is a difference.
        let first = Self.snapshot(of: tree)
        queue.sync { snapshot = first }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let seconds = interval.seconds
        timer.schedule(deadline: .now() + seconds, repeating: seconds, leeway: .milliseconds(50))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            let current = Self.snapshot(of: self.tree)
            let changed = Self.differences(between: self.snapshot, and: current)
            self.snapshot = current
            guard !changed.isEmpty, !self.running.value.isStopped else { return }
            onChange(changed)
        }
        running.withLock { running in
            running.source?.cancel()
            running = (timer, false)
        }
        timer.resume()
    }

    public func stop() {
        let timer = running.withLock { running in
            defer { running = (nil, true) }
            return running.source
        }
        timer?.cancel()
        // Waits out a look in progress, unless this is that look calling back.
        if DispatchQueue.getSpecific(key: queueKey) == nil { queue.sync {} }
    }

    /// What tells one version of a file from another without reading it.
    struct FileSignature: Equatable {
        var size: Int64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64
    }

    /// Every watched file (folders are left out: an editor's swap file changes its folder's
    /// time, and the files in a folder tell about everything that matters).
    static func snapshot(of tree: WatchedTree) -> [String: FileSignature] {
        var files: [String: FileSignature] = [:]
        var pending = Array(tree.topLevelNames)
        while let relativePath = pending.popLast() {
            guard tree.includes(relativePath) else { continue }
            let path = tree.root.appendingPathComponent(relativePath).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                pending.append(contentsOf: names.map { relativePath + "/" + $0 })
            } else {
                files[relativePath] = FileSignature(info)
            }
        }
        return files
    }

    static func differences(between old: [String: FileSignature], and new: [String: FileSignature]) -> Set<String> {
        Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
    }
}

extension PollingFileWatcher.FileSignature {
    init(_ info: stat) {
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        self.init(
            size: Int64(info.st_size),
            modifiedSeconds: Int64(modified.tv_sec),
            modifiedNanoseconds: Int64(modified.tv_nsec),
            inode: UInt64(info.st_ino)
        )
    }
}
