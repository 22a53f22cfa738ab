#if os(Linux)
    import Foundation
    import Glibc

    /// Finds changes the moment they happen, told by the Linux kernel (inotify), and costs nothing
    /// while nothing changes.
    ///
    /// inotify watches single folders, not trees, so every watched folder gets a watch of its own,
    /// and a folder that appears later (a new `Sources/Kata01/Helpers`, or `Sources` put back by
    /// `git checkout`) is watched as soon as its creation is reported. Starting fails, and the
    /// caller should poll instead, when the kernel or the file system offers no inotify (some
    /// network and shared folders) or the limit of watches (`fs.inotify.max_user_watches`) or
    /// instances (`fs.inotify.max_user_instances`) is reached.
    ///
    /// On macOS there is no inotify and `kata watch` polls with ``PollingFileWatcher``: FSEvents
    /// would need CoreServices, and a kata's few files are cheap to look at twice a second.
    ///
    /// ```swift
    /// let watcher = InotifyFileWatcher(tree: WatchedTree(kata: kata))
    /// try watcher.start { paths in print("changed:", paths.sorted()) }   // throws without inotify
    /// defer { watcher.stop() }
    /// ```
    public final class InotifyFileWatcher: FileWatcher, @unchecked Sendable {
        // @unchecked: the look at the files (`snapshot`, `folderByWatch`) is confined to `queue`.
        public let tree: WatchedTree

        private let queue = DispatchQueue(label: "kata.inotify-file-watcher")
        private let queueKey = DispatchSpecificKey<Bool>()
        private let running = Locked<(source: DispatchSourceRead?, isStopped: Bool)>((nil, false))
        /// The folder (relative to the root, "" for the root) of each watch; touched only on `queue`.
        private var folderByWatch: [Int32: String] = [:]

        /// Writes, attribute changes (`touch`), and entries created, deleted or renamed.
        private static let events = UInt32(
            IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE
                | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

        public init(tree: WatchedTree) {
            self.tree = tree
            queue.setSpecific(key: queueKey, value: true)
        }

        deinit {
            running.value.source?.cancel()
        }

        public func start(onChange: @escaping @Sendable (Set<String>) -> Void) throws {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else {
                let error = errno
                if error == EMFILE {
                    throw FileWatcherError("The limit of inotify instances is reached (fs.inotify.max_user_instances).")
                }
                throw FileWatcherError("inotify is not available (\(Self.describe(error))).")
            }
            var watches: [Int32: String] = [:]
            do {
                try Self.addWatches(descriptor, folder: "", tree: tree, into: &watches)
            } catch {
                close(descriptor)
                throw error
            }
            queue.sync { folderByWatch = watches }
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let changed = self.readEvents(descriptor)
                guard !changed.isEmpty, !self.running.value.isStopped else { return }
                onChange(changed)
            }
            // Dispatch runs this after the last event handler, so the descriptor is never read closed.
            source.setCancelHandler { close(descriptor) }
            running.withLock { running in
                running.source?.cancel()
                running = (source, false)
            }
            source.resume()
        }

        public func stop() {
            let source = running.withLock { running in
                defer { running = (nil, true) }
                return running.source
            }
            source?.cancel()
            // Waits out a read in progress, unless this is that read calling back.
            if DispatchQueue.getSpecific(key: queueKey) == nil { queue.sync {} }
        }

        /// Watches `folder` and every watched folder below it.
        private static func addWatches(
            _ descriptor: Int32, folder: String, tree: WatchedTree, into watches: inout [Int32: String]
        ) throws {
            let path = folder.isEmpty ? tree.root.path : tree.root.appendingPathComponent(folder).path
            let watch = inotify_add_watch(descriptor, path, events)
            guard watch >= 0 else {
                let error = errno
                // Gone, or not a folder, between listing and watching: there is nothing to watch.
                if error == ENOENT || error == ENOTDIR, !folder.isEmpty { return }
                if error == ENOSPC {
                    throw FileWatcherError("The limit of inotify watches is reached (fs.inotify.max_user_watches).")
                }
                throw FileWatcherError("inotify cannot watch \(path) (\(describe(error))).")
            }
            watches[watch] = folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            for name in names {
                let child = folder.isEmpty ? name : folder + "/" + name
                var info = stat()
                guard tree.includes(child), lstat(tree.root.appendingPathComponent(child).path, &info) == 0,
                    info.st_mode & S_IFMT == S_IFDIR
                else { continue }
                try addWatches(descriptor, folder: child, tree: tree, into: &watches)
            }
        }

        /// Reads every event waiting and returns the watched paths they name; runs on `queue`.
        private func readEvents(_ descriptor: Int32) -> Set<String> {
            var changed: Set<String> = []
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                buffer.withUnsafeBytes { bytes in
                    // Each event is a 16-byte header (watch, mask, cookie, name length) and its name,
                    // padded with NULs.
                    var offset = 0
                    while offset + 16 <= count {
                        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let nameBytes = bytes[(offset + 16)..<min(offset + 16 + nameLength, count)]
                        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                        offset += 16 + nameLength
                        changed.formUnion(handle(watch: watch, mask: mask, name: name, descriptor: descriptor))
                    }
                }
            }
            return changed
        }

        private func handle(watch: Int32, mask: UInt32, name: String, descriptor: Int32) -> Set<String> {
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Events were lost; which files changed is unknown, so say everything may have.
                return tree.topLevelNames
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                folderByWatch[watch] = nil
                return []
            }
            guard let folder = folderByWatch[watch] else { return [] }
            guard !name.isEmpty else {
                // The watched folder itself was deleted or moved away.
                let gone = mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0
                return gone && tree.includes(folder) ? [folder] : []
            }
            let path = folder.isEmpty ? name : folder + "/" + name
            guard tree.includes(path) else { return [] }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_MOVED_FROM) != 0 {
                // A folder moved away keeps its watches, which would report its files under the old path.
                for (watch, watchedFolder) in folderByWatch
                where watchedFolder == path || watchedFolder.hasPrefix(path + "/") {
                    inotify_rm_watch(descriptor, watch)
                    folderByWatch[watch] = nil
                }
            }
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                var watches = folderByWatch
                // Past the limit of watches, a new folder goes unwatched; its creation is still
                // reported, and that is rare enough not to give up notification for.
                try? Self.addWatches(descriptor, folder: path, tree: tree, into: &watches)
                folderByWatch = watches
            }
            return [path]
        }

        private static func describe(_ error: Int32) -> String {
            String(cString: strerror(error))
        }
    }
#endif
