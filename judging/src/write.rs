//! Every file the runner writes, written without following a symbolic link: another user who can
//! write a folder the runner writes into (a shared folder, a `/tmp` one, a workspace cloned from
//! someone else) may plant a link where a file or a folder will be, dangling or to a file of the
//! runner's user, and the runner must neither create nor overwrite anything through it.
//!
//! - In a workspace ([`create_new`], [`replace_in`]): every folder from the workspace's root down
//!   is opened without following a link (`O_NOFOLLOW`, one component at a time, made where
//!   missing), so no folder on the way can lead out of the workspace; the file is then made
//!   new there (`O_CREAT | O_EXCL | O_NOFOLLOW`: whatever is in the way, a link included, is
//!   an error) or written beside and renamed over (a link in its place is replaced, never
//!   followed).
//! - A file the user names (`--junit PATH`, `--html PATH`: [`replace`]): its folders are the
//!   user's to name, but a link among them owned by another user (not the user, not root) is
//!   refused, and the file is written beside and renamed over.

use std::ffi::OsStr;
use std::io::{self, Write as _};
use std::os::fd::OwnedFd;
use std::path::{Component, Path};
use std::sync::atomic::{AtomicU64, Ordering};

use rustix::fs::{Mode, OFlags, CWD};

/// The error for a path that leads through a link, or leaves the folder it must stay in.
fn refused(path: &Path, why: &str) -> io::Error {
    io::Error::other(format!("{}: {why}: refused", path.display()))
}

/// `err` of opening `path`, said as a refusal when a link was in the way.
fn explained(path: &Path, err: rustix::io::Errno) -> io::Error {
    match err {
        rustix::io::Errno::LOOP | rustix::io::Errno::NOTDIR => refused(
            path,
            "a symbolic link (or a file) is in the way, and the runner writes nothing through a link",
        ),
        rustix::io::Errno::EXIST => io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} exists already (a symbolic link included)", path.display()),
        ),
        e => io::Error::new(io::Error::from(e).kind(), format!("{}: {e}", path.display())),
    }
}

/// The folder `rel_dir` under `root` (opened as named: the caller's), each of its components
/// opened without following a link, and made where missing with `make`.
fn folder_beneath(root: &Path, rel_dir: &Path, make: bool) -> io::Result<OwnedFd> {
    let dir_flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
    let mut fd =
        rustix::fs::openat(CWD, root, dir_flags, Mode::empty()).map_err(|e| explained(root, e))?;
    let mut at = root.to_path_buf();
    for c in rel_dir.components() {
        let Component::Normal(name) = c else {
            return Err(refused(&at.join(c), "not a plain path under the workspace"));
        };
        at.push(name);
        let flags = dir_flags | OFlags::NOFOLLOW;
        fd = match rustix::fs::openat(&fd, name, flags, Mode::empty()) {
            Err(rustix::io::Errno::NOENT) if make => {
                match rustix::fs::mkdirat(&fd, name, Mode::from_raw_mode(0o755)) {
                    Ok(()) | Err(rustix::io::Errno::EXIST) => {}
                    Err(e) => return Err(explained(&at, e)),
                }
                rustix::fs::openat(&fd, name, flags, Mode::empty())
            }
            r => r,
        }
        .map_err(|e| explained(&at, e))?;
    }
    Ok(fd)
}

/// `path` split into its folder relative to `root` and its file name.
fn beneath<'a>(root: &Path, path: &'a Path) -> io::Result<(&'a Path, &'a OsStr)> {
    let rel = path
        .strip_prefix(root)
        .map_err(|_| refused(path, &format!("outside {}", root.display())))?;
    let name = rel
        .file_name()
        .ok_or_else(|| refused(path, "names no file"))?;
    Ok((rel.parent().unwrap_or(Path::new("")), name))
}

/// Makes the new file `path` (under the folder `root`, which the caller trusts) holding `bytes`:
/// its folders made where missing, none of them (below `root`) nor the file followed through a
/// link. Anything at `path` already, a dangling link included, is an `AlreadyExists` error.
pub fn create_new(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (dir, name) = beneath(root, path)?;
    let dir = folder_beneath(root, dir, true)?;
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let fd = rustix::fs::openat(&dir, name, flags, Mode::from_raw_mode(0o644))
        .map_err(|e| explained(path, e))?;
    std::fs::File::from(fd).write_all(bytes)
}

/// Checks that no folder from `root` down to `path` (those that exist) is a symbolic link: the
/// folders the runner writes into (`target/judge/`, where its build cache, verdicts and last run
/// are) lead nowhere out of the workspace.
pub fn no_link_on_the_way(root: &Path, path: &Path) -> io::Result<()> {
    let rel = path
        .strip_prefix(root)
        .map_err(|_| refused(path, &format!("outside {}", root.display())))?;
    let mut at = root.to_path_buf();
    for c in rel.components() {
        at.push(c);
        match std::fs::symlink_metadata(&at) {
            Ok(m) if m.file_type().is_symlink() => {
                return Err(refused(
                    &at,
                    "a symbolic link, where the runner writes: it writes nothing through a link",
                ))
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    Ok(())
}

/// Writes `bytes` into the folder `dir` as `name`: a new file beside it (never through a link),
/// renamed over whatever is there (a link is replaced, not followed; a regular file's mode is
/// kept).
fn replace_at(dir: &OwnedFd, name: &OsStr, path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let kept = rustix::fs::statat(dir, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW)
        .ok()
        .filter(|st| rustix::fs::FileType::from_raw_mode(st.st_mode).is_file())
        .map(|st| Mode::from_raw_mode(st.st_mode & 0o7777));
    let flags = OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    let tmp = loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut tmp = std::ffi::OsString::from(".");
        tmp.push(name);
        tmp.push(format!(".{}-{n}.tmp", std::process::id()));
        match rustix::fs::openat(dir, &tmp, flags, Mode::from_raw_mode(0o644)) {
            Ok(fd) => {
                let written = kept
                    .map_or(Ok(()), |mode| {
                        rustix::fs::fchmod(&fd, mode).map_err(io::Error::from)
                    })
                    .and_then(|()| std::fs::File::from(fd).write_all(bytes));
                if let Err(e) = written {
                    let _ = rustix::fs::unlinkat(dir, &tmp, rustix::fs::AtFlags::empty());
                    return Err(e);
                }
                break tmp;
            }
            Err(rustix::io::Errno::EXIST) => {}
            Err(e) => return Err(explained(path, e)),
        }
    };
    rustix::fs::renameat(dir, &tmp, dir, name).map_err(|e| {
        let _ = rustix::fs::unlinkat(dir, &tmp, rustix::fs::AtFlags::empty());
        explained(path, e)
    })
}

/// Writes `path` (under `root`, which the caller trusts) whole or not at all: its folders made
/// where missing and never followed through a link, the file written beside and renamed over
/// what is there (a link in its place is replaced, not followed).
pub fn replace_in(root: &Path, path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (dir, name) = beneath(root, path)?;
    let dir = folder_beneath(root, dir, true)?;
    replace_at(&dir, name, path, bytes)
}

/// Writes the file `path` the user named whole or not at all: its folders made where missing
/// (a link among them owned by someone else than the user or root is refused), the file written
/// beside and renamed over what is there (a link in its place is replaced, not followed).
pub fn replace(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    let name = path
        .file_name()
        .ok_or_else(|| refused(path, "names no file"))?;
    let dir = match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) => dir,
        None => Path::new("."),
    };
    // SAFETY: geteuid has no preconditions.
    let me = unsafe { libc::geteuid() };
    for above in dir.ancestors() {
        if let Ok(meta) = std::fs::symlink_metadata(above) {
            if meta.file_type().is_symlink() && meta.uid() != me && meta.uid() != 0 {
                return Err(refused(
                    above,
                    &format!("a symbolic link of another user's (uid {})", meta.uid()),
                ));
            }
        }
    }
    std::fs::create_dir_all(dir)?;
    let fd = rustix::fs::openat(
        CWD,
        dir,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .map_err(|e| explained(dir, e))?;
    replace_at(&fd, name, path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_is_written_through_a_link_of_a_file_or_of_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("ws");
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&root).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("kept"), "kept").unwrap();
        // A dangling link and a link to a file, where a new file would be.
        std::os::unix::fs::symlink(outside.join("made"), root.join("dangling")).unwrap();
        std::os::unix::fs::symlink(outside.join("kept"), root.join("to-file")).unwrap();
        for name in ["dangling", "to-file"] {
            let e = create_new(&root, &root.join(name), b"x").unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::AlreadyExists, "{e}");
        }
        assert!(!outside.join("made").exists());
        assert_eq!(std::fs::read(outside.join("kept")).unwrap(), b"kept");
        // A folder on the way that is a link out of the workspace.
        std::os::unix::fs::symlink(&outside, root.join("sub")).unwrap();
        for write in [create_new, replace_in] {
            let e = write(&root, &root.join("sub/new"), b"x").unwrap_err();
            assert!(e.to_string().contains("symbolic link"), "{e}");
        }
        assert!(!outside.join("new").exists());
        // Replaced: the link goes, the file it named stays as it was.
        replace_in(&root, &root.join("to-file"), b"new").unwrap();
        assert!(!root.join("to-file").is_symlink());
        assert_eq!(std::fs::read(root.join("to-file")).unwrap(), b"new");
        assert_eq!(std::fs::read(outside.join("kept")).unwrap(), b"kept");
        replace(&root.join("dangling"), b"named").unwrap();
        assert_eq!(std::fs::read(root.join("dangling")).unwrap(), b"named");
        assert!(!outside.join("made").exists());
        // Made where missing, and nothing left beside.
        create_new(&root, &root.join("a/b/c.txt"), b"c").unwrap();
        assert_eq!(std::fs::read(root.join("a/b/c.txt")).unwrap(), b"c");
        let left: Vec<_> = std::fs::read_dir(&root)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".tmp"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}
