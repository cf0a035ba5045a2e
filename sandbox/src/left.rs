//! What a program left in the files it may write (`Program::writable`: an interactor's output
//! file, a Kattis validator's feedback directory), read back after its case and then emptied.
//!
//! In the sandbox those are never the host's files: each is a tmpfs of its own in the
//! launcher's mount namespace, of [`WRITABLE_CAP`] bytes and [`WRITABLE_ENTRIES`] inodes at most
//! (`launch.c`, `mount_writable`), which nothing outside that namespace sees and which no byte
//! of reaches a disk. It is read here through `/proc/FORKER/root`, before the launcher runs
//! anything else, and emptied; the launcher makes it again for a case that finds it otherwise.
//! Without the sandbox the program writes the host's path itself (in a folder only the
//! runner's user can open): it is read and emptied the same way, and the cap is checked after
//! the case.

use std::io::Read as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::{Path, PathBuf};

use crate::launcher::Launcher;
use crate::program::Program;
use crate::single::box_path;

/// The bytes a program's writable file or folder may hold (`RW_BYTES` in launch.c).
pub const WRITABLE_CAP: u64 = 64 << 20;
/// The files and folders one writable folder may hold (`RW_INODES` in launch.c, less its root).
pub const WRITABLE_ENTRIES: u64 = 255;

/// One writable file or folder, as the program left it.
#[derive(Debug, Clone, Default)]
pub struct Left {
    /// Its path as the program was given it (the host's).
    pub path: PathBuf,
    /// A file's bytes.
    pub bytes: Vec<u8>,
    /// A folder's regular files, by name, sorted (what else it holds is not read).
    pub files: Vec<(String, Vec<u8>)>,
    /// It was filled to the cap: the program wrote [`WRITABLE_CAP`] bytes or
    /// [`WRITABLE_ENTRIES`] entries, or tried to write more.
    pub full: bool,
    /// Why it could not be read back whole.
    pub error: Option<String>,
}

impl Left {
    /// The regular file `name` of a folder.
    pub fn file(&self, name: &str) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b.as_slice())
    }
}

/// Reads back every writable file or folder of `program`, run by `launcher`, and empties it.
pub(crate) fn collect(launcher: &Launcher, program: &Program) -> Vec<Left> {
    program
        .writable
        .iter()
        .map(|&i| {
            let host = PathBuf::from(&program.argv[i]);
            let (view, sandboxed) = match (&launcher.sandbox, &launcher.root) {
                (Ok(()), Some(root)) => {
                    let inside = root.join(box_path(program, i).trim_start_matches('/'));
                    let rel = inside.strip_prefix("/").unwrap_or(&inside).to_path_buf();
                    (
                        Path::new(&format!("/proc/{}/root", launcher.forker)).join(rel),
                        true,
                    )
                }
                _ => (host.clone(), false),
            };
            let mut left = read_back(&view, sandboxed);
            left.path = host;
            empty(&view);
            left
        })
        .collect()
}

fn read_back(view: &Path, sandboxed: bool) -> Left {
    let mut left = Left::default();
    let meta = match view.symlink_metadata() {
        Ok(m) => m,
        Err(e) => {
            left.error = Some(format!("cannot read {}: {e}", view.display()));
            return left;
        }
    };
    let mut total = 0u64;
    let mut entries = 0u64;
    // What is read back of the whole folder: its files' apparent sizes may add up to far more
    // than the tmpfs holds (sparse files), what is read never does.
    let mut budget = WRITABLE_CAP;
    if meta.is_dir() {
        match std::fs::read_dir(view) {
            Ok(dir) => {
                for e in dir.flatten() {
                    entries += 1;
                    let Ok(m) = e.path().symlink_metadata() else {
                        continue;
                    };
                    if m.is_dir() {
                        let (bytes, n) = measure(&e.path(), 0);
                        total += bytes;
                        entries += n;
                    } else {
                        total += m.len();
                    }
                    if !m.is_file() || entries > WRITABLE_ENTRIES {
                        continue;
                    }
                    match read_own(&e.path(), budget) {
                        Ok(bytes) => {
                            budget -= bytes.len() as u64;
                            left.files
                                .push((e.file_name().to_string_lossy().into_owned(), bytes))
                        }
                        Err(err) => {
                            left.error = Some(format!("cannot read {}: {err}", e.path().display()))
                        }
                    }
                }
            }
            Err(e) => left.error = Some(format!("cannot read {}: {e}", view.display())),
        }
        left.files.sort();
    } else if meta.is_file() {
        total = meta.len();
        match read_own(view, budget) {
            Ok(bytes) => left.bytes = bytes,
            Err(e) => left.error = Some(format!("cannot read {}: {e}", view.display())),
        }
    }
    left.full = total >= WRITABLE_CAP || entries > WRITABLE_ENTRIES;
    if sandboxed {
        // The tmpfs says it best: no block or no inode left.
        if let Ok(s) = nix::sys::statvfs::statvfs(view) {
            left.full |= s.blocks_available() == 0 || s.files_available() == 0;
        }
    }
    left
}

/// The bytes and entries under folder `dir`, symbolic links not followed (counted up to a
/// bound: past it, the folder is full anyway).
fn measure(dir: &Path, depth: u32) -> (u64, u64) {
    let (mut bytes, mut n) = (0u64, 0u64);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (0, 0);
    };
    for e in entries.flatten() {
        n += 1;
        if n > WRITABLE_ENTRIES * 4 {
            break;
        }
        let Ok(m) = e.path().symlink_metadata() else {
            continue;
        };
        if m.is_dir() && depth < 64 {
            let (b, k) = measure(&e.path(), depth + 1);
            bytes += b;
            n += k;
        } else {
            bytes += m.len();
        }
    }
    (bytes, n)
}

/// A file the program wrote, read without following a symbolic link (it could leave one
/// pointing anywhere the runner can read), at most `most` bytes (what is left of the folder's
/// [`WRITABLE_CAP`]).
fn read_own(path: &Path, most: u64) -> std::io::Result<Vec<u8>> {
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    // Sized once: read_to_end's doubling could hold twice the bytes read.
    let mut v = Vec::with_capacity(usize::try_from(meta.len().min(most)).unwrap_or(0));
    f.take(most).read_to_end(&mut v)?;
    Ok(v)
}

/// Empties a writable file or folder: nothing of the case stays (a failure here is caught
/// again before the next case: the launcher makes a tmpfs that is not empty again, the runner
/// writes the host's files afresh).
pub(crate) fn empty(view: &Path) {
    let Ok(meta) = view.symlink_metadata() else {
        return;
    };
    if meta.is_dir() {
        if let Ok(dir) = std::fs::read_dir(view) {
            for e in dir.flatten() {
                let p = e.path();
                match p.symlink_metadata() {
                    Ok(m) if m.is_dir() => {
                        let _ = std::fs::remove_dir_all(&p);
                    }
                    _ => {
                        let _ = std::fs::remove_file(&p);
                    }
                }
            }
        }
    } else if meta.is_file() {
        let _ = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .open(view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparse_files_fill_a_folder_and_are_read_within_one_budget() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..16 {
            let f = std::fs::File::create(dir.path().join(format!("f{i:02}"))).unwrap();
            f.set_len(64 << 20).unwrap();
        }
        let left = read_back(dir.path(), false);
        assert!(left.full);
        let read: usize = left.files.iter().map(|(_, b)| b.len()).sum();
        assert_eq!(read as u64, WRITABLE_CAP);
        // A folder well within the cap is read whole.
        let small = tempfile::tempdir().unwrap();
        std::fs::write(small.path().join("judgemessage.txt"), "why").unwrap();
        let left = read_back(small.path(), false);
        assert!(!left.full);
        assert_eq!(left.file("judgemessage.txt"), Some(&b"why"[..]));
    }
}
