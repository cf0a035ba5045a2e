//! The one way in for every path that comes from outside (a package's files, the paths its
//! metadata names, the files a draft writes, the files an export reads): [`Confined`], a folder
//! that no resolved path may leave, and [`Bounds`], how much a package may hold.
//!
//! A path is refused, with the path named, when it is absolute, when its `..` climb above the
//! root, or when a symlink on the way resolves outside the root (after `canonicalize`, which
//! resolves every symlink: what is compared is where the bytes really are). The whole tree of a
//! package is checked once when it is opened ([`Confined::scan`]): every symlink must stay
//! inside, none may lead back to a folder above itself (a loop), only regular files and folders
//! are taken, and the count, size and depth are bounded, so that the importers' own walks,
//! which follow symlinks, never meet anything else.
//!
//! Why not `cap-std` / `openat2(RESOLVE_BENEATH)`: the importers hand paths on (to the compiler,
//! to the sandbox, to the draft written later); a capability handle would have to be threaded
//! through all of them. The package is either our own unpacked copy (a private 0700 temporary
//! folder nobody else writes) or a folder the user named, so the check-then-use window is not
//! open to anyone but the package's owner; the draft re-checks every file when it reads it.

use std::io::Read as _;
use std::os::unix::ffi::OsStringExt as _;
use std::path::{Component, Path, PathBuf};

use anyhow::{bail, Context, Result};

/// How much a package may hold: its files' total size, their number, how deep they nest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    pub max_bytes: u64,
    pub max_entries: u64,
    pub max_depth: usize,
}

impl Default for Bounds {
    /// Fits real packages (the largest ICPC World Finals packages are a few hundred MiB and some
    /// thousand files).
    fn default() -> Self {
        Bounds {
            max_bytes: 2 << 30,
            max_entries: 100_000,
            max_depth: 32,
        }
    }
}

/// `s` as a size in bytes: a number, with an optional unit `K`, `M`, `G`, `T` (`KiB`, `MiB`, …:
/// powers of 1024).
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let split = t
        .find(|c: char| !c.is_ascii_digit() && c != '_')
        .unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let n: u64 = digits
        .replace('_', "")
        .parse()
        .map_err(|_| format!("`{s}`: a size is a number with an optional unit (512M, 4GiB)"))?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kib" | "kb" => 10,
        "m" | "mib" | "mb" => 20,
        "g" | "gib" | "gb" => 30,
        "t" | "tib" | "tb" => 40,
        other => return Err(format!("`{s}`: unknown unit `{other}` (K, M, G, T)")),
    };
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("`{s}`: too large"))
}

/// A folder no path resolved through it may leave.
#[derive(Debug, Clone)]
pub struct Confined {
    /// Canonical (symlinks resolved).
    root: PathBuf,
}

impl Confined {
    /// `root` (which must exist), canonical.
    pub fn new(root: &Path) -> Result<Confined> {
        let root = root
            .canonicalize()
            .with_context(|| format!("{}", root.display()))?;
        Ok(Confined { root })
    }

    /// The folder no path may leave (canonical).
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `p` as shown in messages: relative to the root when under it.
    pub fn shown(&self, p: &Path) -> String {
        p.strip_prefix(&self.root)
            .unwrap_or(p)
            .display()
            .to_string()
    }

    /// `rel`, a path the package's metadata names (`what`: where it is named), resolved against
    /// `base` (a folder inside the root): refused when absolute, when its `..` leave the root,
    /// or when it exists and resolves (through symlinks) outside. A missing path is returned as
    /// it would be, so that the caller says what is missing.
    pub fn join(&self, base: &Path, rel: &str, what: &str) -> Result<PathBuf> {
        let base = self.relative(base)?;
        let mut parts: Vec<&std::ffi::OsStr> = base
            .components()
            .filter_map(|c| match c {
                Component::Normal(n) => Some(n),
                _ => None,
            })
            .collect();
        for c in Path::new(rel).components() {
            match c {
                Component::Normal(n) => parts.push(n),
                Component::CurDir => {}
                Component::ParentDir => {
                    if parts.pop().is_none() {
                        bail!("{what}: `{rel}` leaves the package (`..`): refused");
                    }
                }
                Component::RootDir | Component::Prefix(_) => {
                    bail!("{what}: `{rel}` is an absolute path, outside the package: refused")
                }
            }
        }
        let path = parts.iter().fold(self.root.clone(), |p, n| p.join(n));
        if path.symlink_metadata().is_ok() {
            self.inside(&path)
                .with_context(|| format!("{what}: `{rel}`"))?;
        }
        Ok(path)
    }

    /// `path` relative to the root, when it is under it (as given, or canonical).
    fn relative(&self, path: &Path) -> Result<PathBuf> {
        if let Ok(r) = path.strip_prefix(&self.root) {
            return Ok(r.to_path_buf());
        }
        let c = path
            .canonicalize()
            .with_context(|| format!("{}", path.display()))?;
        c.strip_prefix(&self.root)
            .map(Path::to_path_buf)
            .map_err(|_| anyhow::anyhow!("{} is outside {}", path.display(), self.root.display()))
    }

    /// `path` (which exists) resolved: its canonical path, which must be inside the root.
    pub fn inside(&self, path: &Path) -> Result<PathBuf> {
        let real = path.canonicalize().with_context(|| {
            let to = std::fs::read_link(path)
                .map(|t| format!(" (a symlink to {})", t.display()))
                .unwrap_or_default();
            format!("{}{to}: cannot be resolved", self.shown(path))
        })?;
        if !real.starts_with(&self.root) {
            bail!(
                "{} resolves to {}, outside {}: refused (a package's symlinks must stay in it, as \
                 the Kattis package format says; if you trust what it points to, import a copy \
                 made with the links resolved, `cp -rL`)",
                self.shown(path),
                real.display(),
                self.root.display()
            );
        }
        Ok(real)
    }

    /// `path` as a regular file inside the root (its canonical path); a symlink to a file
    /// outside, a folder, a FIFO or a device is refused.
    pub fn file(&self, path: &Path) -> Result<PathBuf> {
        let real = self.inside(path)?;
        let meta = std::fs::metadata(&real)
            .with_context(|| format!("cannot read {}", self.shown(path)))?;
        if !meta.is_file() {
            bail!(
                "{}: not a regular file (imports copy regular files only): refused",
                self.shown(path)
            );
        }
        Ok(real)
    }

    /// Checks the whole tree once: every symlink resolves inside the root and to no folder
    /// above itself, every entry is a regular file or a folder, and the tree (symlinks followed)
    /// holds at most `bounds`. Ends early on Ctrl-C / SIGTERM.
    pub fn scan(&self, bounds: &Bounds, cancel: &sandbox::Cancel) -> Result<()> {
        let mut entries = 0u64;
        let mut bytes = 0u64;
        let walk = walkdir::WalkDir::new(&self.root)
            .follow_links(true)
            .sort_by_file_name()
            .max_depth(bounds.max_depth + 1);
        for e in walk {
            if cancel.is_cancelled() {
                bail!("interrupted");
            }
            let e = match e {
                Ok(e) => e,
                // A dangling symlink reads nothing: it is left where it is, as a missing file.
                Err(err) if dangling(&err) => continue,
                Err(err) => return Err(self.walk_error(err)),
            };
            let path = e.path();
            if e.depth() > bounds.max_depth {
                bail!(
                    "{}: nested deeper than {} folders: refused",
                    self.shown(path),
                    bounds.max_depth
                );
            }
            if e.path_is_symlink() {
                self.inside(path)?;
            }
            let ft = e.file_type();
            if !ft.is_file() && !ft.is_dir() {
                bail!(
                    "{}: neither a regular file nor a folder (imports copy regular files only): \
                     refused",
                    self.shown(path)
                );
            }
            entries += 1;
            if ft.is_file() {
                bytes = bytes.saturating_add(e.metadata().map(|m| m.len()).unwrap_or(0));
            }
            if entries > bounds.max_entries {
                bail!(
                    "{}: more than {} files and folders (symlinks followed): refused (raise the \
                     bound with --max-entries)",
                    self.root.display(),
                    bounds.max_entries
                );
            }
            if bytes > bounds.max_bytes {
                bail!(
                    "{}: more than {} bytes of files (symlinks followed): refused (raise the \
                     bound with --max-size)",
                    self.root.display(),
                    bounds.max_bytes
                );
            }
        }
        Ok(())
    }

    fn walk_error(&self, err: walkdir::Error) -> anyhow::Error {
        let at = err
            .path()
            .map(|p| self.shown(p))
            .unwrap_or_else(|| self.root.display().to_string());
        match err.loop_ancestor() {
            Some(a) => anyhow::anyhow!(
                "{at}: a symlink loop (it leads back to {}): refused",
                self.shown(a)
            ),
            None => match err.path().map(|p| self.inside(p)) {
                Some(Err(outside)) => outside,
                _ => anyhow::anyhow!("{at}: {err}"),
            },
        }
    }
}

/// Copies the folder package `from` into `to` (a new private folder), every entry opened
/// beneath `from` (`openat2` with `RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS`: no `..`, absolute
/// link or `/proc` link can lead out of it) and checked once open (`fstat`): a folder's entries
/// are copied, a regular file's bytes are copied from the descriptor that was checked, a
/// dangling link is left out, anything else is refused. A link swapped in while it is read
/// (another user who owns the folder racing the import) can therefore show the copy nothing but
/// the package's own files. Symlinks come in as copies of what they lead to; `bounds` hold for
/// the copy (counted as it is made). The importers then read only the copy.
pub fn copy_beneath(
    from: &Path,
    to: &Path,
    bounds: &Bounds,
    cancel: &sandbox::Cancel,
) -> Result<()> {
    use rustix::fs::{Mode, OFlags, CWD};
    let root = rustix::fs::openat(
        CWD,
        from,
        OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
        Mode::empty(),
    )
    .with_context(|| format!("cannot open {}", from.display()))?;
    let mut left = Left {
        entries: bounds.max_entries,
        bytes: bounds.max_bytes,
    };
    let copy = Copy {
        root: &root,
        from,
        bounds,
        cancel,
    };
    copy.entry(Path::new("."), to, 0, &mut left)
}

/// What a copy may still take.
struct Left {
    entries: u64,
    bytes: u64,
}

/// One copy of a package ([`copy_beneath`]).
struct Copy<'a> {
    root: &'a std::os::fd::OwnedFd,
    from: &'a Path,
    bounds: &'a Bounds,
    cancel: &'a sandbox::Cancel,
}

impl Copy<'_> {
    /// Copies the entry at `rel` (under the package) to `to`.
    fn entry(&self, rel: &Path, to: &Path, depth: usize, left: &mut Left) -> Result<()> {
        use rustix::fs::{FileType, Mode, OFlags, ResolveFlags};
        if self.cancel.is_cancelled() {
            bail!("interrupted");
        }
        let shown = || rel.display().to_string();
        if depth > self.bounds.max_depth {
            bail!(
                "{}: nested deeper than {} folders: refused",
                shown(),
                self.bounds.max_depth
            );
        }
        left.entries = left.entries.checked_sub(1).with_context(|| {
            format!(
                "{}: more than {} files and folders (symlinks followed): refused (raise the bound \
                 with --max-entries)",
                self.from.display(),
                self.bounds.max_entries
            )
        })?;
        let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY;
        let how = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
        let fd = match rustix::fs::openat2(self.root, rel, flags, Mode::empty(), how) {
            Ok(fd) => fd,
            // A dangling link reads nothing: left out, as a missing file.
            Err(rustix::io::Errno::NOENT) if depth > 0 => return Ok(()),
            Err(e @ (rustix::io::Errno::XDEV | rustix::io::Errno::LOOP)) => bail!(
                "{}: a link out of the package ({e}; it may have changed while it was read): \
                 refused",
                shown()
            ),
            Err(e) => return Err(e).with_context(|| format!("cannot open {}", shown())),
        };
        let stat = rustix::fs::fstat(&fd).with_context(|| format!("cannot read {}", shown()))?;
        match FileType::from_raw_mode(stat.st_mode) {
            FileType::Directory => {
                std::fs::create_dir(to)
                    .with_context(|| format!("cannot write {}", to.display()))?;
                let mut names = Vec::new();
                for e in rustix::fs::Dir::read_from(&fd)? {
                    let name = e?.file_name().to_bytes().to_vec();
                    if name != b"." && name != b".." {
                        names.push(std::ffi::OsString::from_vec(name));
                    }
                }
                names.sort();
                for n in names {
                    self.entry(&rel.join(&n), &to.join(&n), depth + 1, left)?;
                }
                Ok(())
            }
            FileType::RegularFile => {
                let mut w = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(to)
                    .with_context(|| format!("cannot write {}", to.display()))?;
                let mut r = std::fs::File::from(fd);
                let copied = std::io::copy(&mut (&mut r).take(left.bytes + 1), &mut w)
                    .with_context(|| format!("cannot read {}", shown()))?;
                left.bytes = left.bytes.checked_sub(copied).with_context(|| {
                    format!(
                        "{}: more than {} bytes of files (symlinks followed): refused (raise the \
                         bound with --max-size)",
                        self.from.display(),
                        self.bounds.max_bytes
                    )
                })?;
                Ok(())
            }
            _ => bail!(
                "{}: neither a regular file nor a folder (imports copy regular files only): \
                 refused",
                shown()
            ),
        }
    }
}

/// Whether the walk met a symlink whose target does not exist.
fn dangling(err: &walkdir::Error) -> bool {
    err.loop_ancestor().is_none()
        && err
            .path()
            .is_some_and(|p| p.is_symlink() && std::fs::metadata(p).is_err())
        && err
            .io_error()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::NotFound)
}

/// Whether `rel` is a plain relative path: only names, no `..`, no root, no `.`.
pub(crate) fn is_plain(rel: &Path) -> bool {
    rel.components().count() > 0 && rel.components().all(|c| matches!(c, Component::Normal(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_units() {
        assert_eq!(parse_size("512"), Ok(512));
        assert_eq!(parse_size("4K"), Ok(4096));
        assert_eq!(parse_size("2GiB"), Ok(2 << 30));
        assert_eq!(parse_size("1_000M"), Ok(1000 << 20));
        assert!(parse_size("lots").is_err());
        assert!(parse_size("3X").is_err());
        assert!(parse_size("99999999999T").is_err());
    }

    #[test]
    fn joins_stay_inside() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pkg");
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::write(dir.path().join("secret"), "s").unwrap();
        std::fs::write(root.join("a/f"), "f").unwrap();
        std::os::unix::fs::symlink("../../secret", root.join("a/out")).unwrap();
        std::os::unix::fs::symlink("f", root.join("a/in")).unwrap();
        let c = Confined::new(&root).unwrap();
        let a = c.root().join("a");
        assert_eq!(c.join(&a, "f", "x").unwrap(), c.root().join("a/f"));
        assert_eq!(c.join(&a, "../a/./f", "x").unwrap(), c.root().join("a/f"));
        assert!(c.join(&a, "in", "x").is_ok());
        for bad in ["../../secret", "/etc/passwd", "out"] {
            let e = c.join(&a, bad, "runner.toml source").unwrap_err();
            let m = format!("{e:#}");
            assert!(
                m.contains("runner.toml source") && m.contains("refused"),
                "{m}"
            );
        }
        assert!(c.file(&root.join("a/in")).is_ok());
        assert!(c.file(&root.join("a")).is_err());
        let e = c
            .scan(&Bounds::default(), &sandbox::Cancel::new())
            .unwrap_err();
        assert!(format!("{e:#}").contains("a/out"), "{e:#}");
        // A dangling symlink reads nothing: the scan passes it by (BAPCtools' test problems
        // link headers of the tool's own checkout).
        std::fs::remove_file(root.join("a/out")).unwrap();
        std::os::unix::fs::symlink("../../nowhere.h", root.join("a/gone.h")).unwrap();
        c.scan(&Bounds::default(), &sandbox::Cancel::new()).unwrap();
        assert!(c.join(&a, "gone.h", "x").is_err());
        let tight = Bounds {
            max_entries: 3,
            ..Bounds::default()
        };
        let e = c.scan(&tight, &sandbox::Cancel::new()).unwrap_err();
        assert!(format!("{e:#}").contains("more than 3 files"), "{e:#}");
        assert!(is_plain(Path::new("problems/x/a.rs")));
        assert!(!is_plain(Path::new("problems/../.cargo")));
        assert!(!is_plain(Path::new("/etc")));
    }
}
