//! What the package importers share: opening a package (a folder, or a zip unpacked into a
//! temporary folder), the kind of package, and the files of a package that become the runner's
//! programs (a single source in a language of judges.toml, with the headers beside it).

use std::io::Read as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::{Bounds, Confined};
use judging::FileKinds;

/// A package on disk.
pub struct Package {
    /// The folder holding problem.yaml or problem.xml (canonical).
    pub root: PathBuf,
    /// The root, which no path of the package may leave.
    pub confined: Confined,
    /// Where the root is in the folder the user named (canonical; for a zip, the root): a
    /// folder package is read from a private copy (`root`), and only what is found around the
    /// package (a Library Checker checkout's `common/`) is looked for from here.
    pub origin: PathBuf,
    /// The package as the user named it, for messages: its folder (`origin`), or the zip;
    /// `root` is a private copy, gone when the import ends.
    pub given: PathBuf,
    /// The name the package goes by (its folder's, or the zip's, name).
    pub name: String,
    pub kind: Kind,
    /// The temporary folder a zip was unpacked into.
    _unpacked: Option<tempfile::TempDir>,
}

/// The format of a problem package, told by the file at its root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Kattis / ICPC problem package (problem.yaml).
    Kattis,
    /// A Polygon package (problem.xml).
    Polygon,
    /// A Library Checker problem (info.toml).
    LibraryChecker,
}

impl Package {
    /// Opens `path`: a package folder, or a zip of one (its files at the top, or in one folder),
    /// unpacked and checked within `bounds` ([`Confined::scan`]).
    pub fn open(path: &Path, bounds: &Bounds, cancel: &sandbox::Cancel) -> Result<Package> {
        let meta = std::fs::metadata(path).with_context(|| format!("{}", path.display()))?;
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let named = if meta.is_dir() {
            Some(
                path.canonicalize()
                    .with_context(|| format!("{}", path.display()))?,
            )
        } else {
            None
        };
        let (dir, unpacked) = if meta.is_dir() {
            // Checked where it is first (its links named as the package has them), then read
            // once into a private copy, which is all the importers read: a file swapped for a
            // link meanwhile changes nothing (`copy_beneath`).
            Confined::new(path)?
                .scan(bounds, cancel)
                .with_context(|| format!("{}: not imported", path.display()))?;
            let tmp = tempfile::Builder::new()
                .prefix("runner-import-")
                .tempdir()?;
            let copy = tmp.path().join("package");
            super::confine::copy_beneath(path, &copy, bounds, cancel)
                .with_context(|| format!("{}: not imported", path.display()))?;
            (copy, Some(tmp))
        } else {
            let tmp = tempfile::Builder::new()
                .prefix("runner-import-")
                .tempdir()?;
            unzip(path, tmp.path(), bounds, cancel)?;
            (tmp.path().to_path_buf(), Some(tmp))
        };
        let outer = Confined::new(&dir)?;
        outer
            .scan(bounds, cancel)
            .with_context(|| format!("{}: not imported", path.display()))?;
        let dir = outer.root().to_path_buf();
        let root = find_root(&dir).with_context(|| {
            format!(
                "{}: neither problem.yaml (a Kattis / ICPC package), problem.xml (a Polygon \
                 package) nor info.toml (a Library Checker problem) is in it",
                path.display()
            )
        })?;
        let kind = if root.join("problem.xml").is_file() {
            Kind::Polygon
        } else if root.join("problem.yaml").is_file() {
            Kind::Kattis
        } else {
            Kind::LibraryChecker
        };
        let name = if root == dir {
            stem
        } else {
            root.file_name()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or(stem)
        };
        let confined = Confined::new(&root)?;
        let origin = match (&named, root.strip_prefix(&dir)) {
            // `join("")` would add a trailing slash to what messages show.
            (Some(named), Ok(rel)) if rel.as_os_str().is_empty() => named.clone(),
            (Some(named), Ok(rel)) => named.join(rel),
            _ => confined.root().to_path_buf(),
        };
        let given = match named {
            Some(_) => origin.clone(),
            None => path.to_path_buf(),
        };
        Ok(Package {
            root: confined.root().to_path_buf(),
            confined,
            origin,
            given,
            name,
            kind,
            _unpacked: unpacked,
        })
    }
}

/// `dir` itself, or its only sub-folder, when it holds problem.yaml or problem.xml.
fn find_root(dir: &Path) -> Option<PathBuf> {
    let is_root = |d: &Path| {
        ["problem.yaml", "problem.xml", "info.toml"]
            .iter()
            .any(|f| d.join(f).is_file())
    };
    if is_root(dir) {
        return Some(dir.to_path_buf());
    }
    let subs: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    match subs.as_slice() {
        [one] if is_root(one) => Some(one.clone()),
        _ => None,
    }
}

/// Unpacks the zip `file` into `into`, within `bounds`: an entry that would land outside it,
/// more entries, more bytes (counted as they are unpacked, whatever the entries' headers
/// declare) or deeper folders than the bounds allow are an error. Ends on Ctrl-C / SIGTERM.
fn unzip(file: &Path, into: &Path, bounds: &Bounds, cancel: &sandbox::Cancel) -> Result<()> {
    let f = std::fs::File::open(file).with_context(|| format!("cannot open {}", file.display()))?;
    let mut zip = zip::ZipArchive::new(f)
        .with_context(|| format!("{}: not a folder, nor a zip archive", file.display()))?;
    if zip.len() as u64 > bounds.max_entries {
        bail!(
            "{}: {} entries, more than {}: refused (raise the bound with --max-entries)",
            file.display(),
            zip.len(),
            bounds.max_entries
        );
    }
    let mut left = bounds.max_bytes;
    for i in 0..zip.len() {
        if cancel.is_cancelled() {
            bail!("{}: interrupted while unpacking", file.display());
        }
        let mut entry = zip.by_index(i)?;
        let shown = entry
            .name()
            .map(|n| n.into_owned())
            .unwrap_or_else(|_| format!("#{i}"));
        if shown.starts_with(['/', '\\']) {
            bail!(
                "{}: the entry `{shown}` is an absolute path: refused",
                file.display()
            );
        }
        let Some(rel) = entry.enclosed_name() else {
            bail!(
                "{}: the entry `{}` would be written outside the package: refused",
                file.display(),
                shown
            );
        };
        if rel.components().count() > bounds.max_depth {
            bail!(
                "{}: the entry `{shown}` is nested deeper than {} folders: refused",
                file.display(),
                bounds.max_depth
            );
        }
        let out = into.join(rel);
        if entry.is_dir() {
            std::fs::create_dir_all(&out)?;
            continue;
        }
        let copied = unpack(&mut entry, &out, left, bounds.max_bytes)
            .with_context(|| format!("{}: the entry `{shown}`", file.display()))?;
        left -= copied;
    }
    Ok(())
}

/// The zip entry `entry` written to `out` (a new file): at most its declared size (the zip
/// crate checks it at the end too) and the `left` bytes of `max_bytes`, plus one to see a lie.
/// Returns the bytes written.
fn unpack(
    entry: &mut zip::read::ZipFile<std::fs::File>,
    out: &Path,
    left: u64,
    max_bytes: u64,
) -> Result<u64> {
    if entry.size() > left {
        bail!(
            "declares {} bytes: the package would unpack to more than {} bytes: refused \
             (raise the bound with --max-size)",
            entry.size(),
            max_bytes
        );
    }
    if let Some(parent) = out.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let mut w = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(out)
        .context("cannot unpack")?;
    let cap = entry.size().min(left);
    let copied =
        std::io::copy(&mut (&mut *entry).take(cap + 1), &mut w).context("cannot unpack")?;
    if copied > cap {
        bail!(
            "unpacks to more than {}: refused (raise the bound with --max-size)",
            if cap < entry.size() {
                format!("the {} bytes left of --max-size", left)
            } else {
                format!("the {} bytes its header declares", entry.size())
            }
        );
    }
    Ok(copied)
}

/// A C or C++ header (brought along beside the program that includes it).
pub fn is_header(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("h" | "hh" | "hpp" | "hxx" | "h++" | "inl")
    )
}

/// A program of the package the runner can build: one source file and the headers beside it,
/// or a program folder with its own `build` / `run` scripts.
#[derive(Debug, Clone)]
pub struct Program {
    /// The source; for a folder with scripts, its `build` (or, without one, its `run`).
    pub source: PathBuf,
    pub headers: Vec<PathBuf>,
    /// The program folder, when it has its own `build` or `run` script: it comes along as
    /// `NAME.build` and `NAME/` (judges.toml's `Kattis build script`).
    pub folder: Option<PathBuf>,
    /// A Python 3 source to run under PyPy whatever its first line (a Kattis / ICPC
    /// submission: Kattis and problemtools run every Python 3 submission with pypy3).
    pub pypy: bool,
}

impl Program {
    /// The program, a Python 3 one run under PyPy as Kattis runs it ([`Program::pypy`]).
    pub fn as_kattis_submission(self) -> Program {
        let python = self.folder.is_none()
            && self
                .source
                .extension()
                .is_some_and(|e| e == "py" || e == "py3");
        Program {
            pypy: python,
            ..self
        }
    }

    /// The extension the runner knows its language by (a package's `.py3` is `.py`; a Python
    /// file whose first line runs pypy3 is `.pypy`, judges.toml's PyPy3).
    pub fn ext(&self) -> String {
        if self.folder.is_some() {
            return "build".into();
        }
        if self.pypy || is_pypy(&self.source) {
            return "pypy".into();
        }
        let ext = self
            .source
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        match alias(&ext) {
            Some(known) => known.to_string(),
            None => ext,
        }
    }

    /// The source's file name with that extension.
    pub fn file_name(&self) -> String {
        let stem = match &self.folder {
            Some(folder) => folder.file_name(),
            None => self.source.file_stem(),
        };
        let stem = stem.unwrap_or_default().to_string_lossy();
        format!("{stem}.{}", self.ext())
    }
}

/// An extension the package format gives a language by that the runner knows by another:
/// the problem package format's `.py3` (Python 3) is `.py`.
fn alias(ext: &str) -> Option<&'static str> {
    (ext == "py3").then_some("py")
}

/// Whether `path` is a source the runner builds, by its extension or an alias of it.
fn buildable(path: &Path, kinds: &FileKinds) -> bool {
    kinds.is_source(path)
        || path
            .extension()
            .is_some_and(|e| e == "py2" || alias(&e.to_string_lossy()).is_some())
}

/// The program at `path` (a file, or a folder holding exactly one source of a language the
/// runner builds, with headers); `Err` says why it cannot come along.
pub fn program(path: &Path, kinds: &FileKinds) -> Result<Program, String> {
    if path.is_file() {
        if is_python2(path) {
            return Err("Python 2: the runner runs python3".into());
        }
        if !buildable(path, kinds) {
            return Err(format!(
                "not in a language the runner builds ({})",
                kinds.listing()
            ));
        }
        return Ok(Program {
            source: path.to_path_buf(),
            headers: Vec::new(),
            folder: None,
            pypy: false,
        });
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let script = |name: &str| files.iter().find(|f| f.file_name() == Some(name.as_ref()));
    if let Some(source) = script("build").or(script("run")) {
        return Ok(Program {
            source: source.clone(),
            headers: Vec::new(),
            folder: Some(path.to_path_buf()),
            pypy: false,
        });
    }
    let sources: Vec<&PathBuf> = files.iter().filter(|f| buildable(f, kinds)).collect();
    match sources.as_slice() {
        [one] => {
            if is_python2(one) {
                return Err("Python 2: the runner runs python3".into());
            }
            Ok(Program {
                source: (*one).clone(),
                headers: files.iter().filter(|f| is_header(f)).cloned().collect(),
                folder: None,
                pypy: false,
            })
        }
        [] => Err(format!(
            "no source in a language the runner builds ({})",
            kinds.listing()
        )),
        _ => Err(format!(
            "{} sources: the runner builds a program from one file",
            sources.len()
        )),
    }
}

/// The first line of `path` when it is a `#!` line.
fn shebang(path: &Path) -> Option<String> {
    let mut head = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(256)
        .read_to_end(&mut head)
        .ok()?;
    let line = String::from_utf8_lossy(&head).lines().next()?.to_string();
    line.starts_with("#!").then_some(line)
}

/// A Python 3 file meant for PyPy (Kattis runs Python 3 with it): a `.py` or `.py3` file whose
/// first line runs pypy3.
fn is_pypy(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "py" || e == "py3")
        && shebang(path).is_some_and(|l| l.contains("pypy3"))
}

/// A Python file meant for Python 2: a `.py2` file, or a `.py` one whose first line runs python2.
fn is_python2(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "py2")
        || path.extension().is_some_and(|e| e == "py")
            && shebang(path).is_some_and(|l| l.contains("python2"))
}

/// The entries of `dir`, sorted; none when it does not exist.
pub fn entries(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    v.retain(|p| {
        !p.file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
    });
    v.sort();
    v
}

/// `name` (a file of a package) as a file name for wrong/: its own name, made unique among
/// `taken`.
pub(crate) fn unique_name(name: &str, taken: &[String]) -> String {
    let clean = super::draft::case_name(name);
    if !taken.contains(&clean) {
        return clean;
    }
    let (stem, ext) = clean.rsplit_once('.').unwrap_or((&clean, ""));
    (2..)
        .map(|i| {
            if ext.is_empty() {
                format!("{stem}-{i}")
            } else {
                format!("{stem}-{i}.{ext}")
            }
        })
        .find(|n| !taken.contains(n))
        .expect("some name is free")
}
