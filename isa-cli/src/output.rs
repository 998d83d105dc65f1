//! Writing to stdout and output files without panicking on I/O errors.
//!
//! An output file (`-o FILE`) is written whole to a temporary file beside it
//! and renamed over `FILE` only once every byte is written and flushed: a
//! failing write (a full disk, `ulimit -f`, a closed pipe) or an interrupted
//! one never changes an existing `FILE`. Outputs that are not regular files
//! (`/dev/null`, a FIFO) are written in place, since renaming over them
//! would replace them.

use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};
use std::path::{Path, PathBuf};

use crate::failure::Failure;

/// Buffered stdout. A closed pipe ends the command quietly; any other write
/// error becomes a failure instead of a panic.
pub struct Stdout {
    inner: BufWriter<StdoutLock<'static>>,
}

impl Stdout {
    /// Locks stdout for the whole command.
    pub fn new() -> Self {
        Stdout {
            inner: BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.bytes(text.as_bytes())?;
        self.bytes(b"\n")
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.inner.write_all(bytes).map_err(write_failure)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.inner.flush().map_err(write_failure)
    }

    /// Runs a printer that writes to an `io::Write` as it goes (a streaming
    /// disassembler), through this buffer, then flushes; a write failure is
    /// reported as [`Stdout::bytes`] reports it.
    pub fn stream(&mut self, print: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
        let mut sink = Sink {
            out: self,
            failure: None,
        };
        if print(&mut sink).is_err() {
            return Err(sink
                .failure
                .unwrap_or_else(|| Failure::input_one("error: writing to stdout")));
        }
        self.flush()
    }
}

/// [`Stdout`] as an `io::Write`, keeping the failure of its first bad write.
struct Sink<'a> {
    out: &'a mut Stdout,
    failure: Option<Failure>,
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.out.bytes(buf) {
            Ok(()) => Ok(buf.len()),
            Err(f) => {
                self.failure = Some(f);
                Err(io::Error::other("stdout"))
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes a whole output file (`-` means stdout), atomically: see the
/// module's documentation. On failure the message names the file and says
/// that it is unchanged.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if path.as_os_str() == "-" {
        let mut out = Stdout::new();
        out.bytes(bytes)?;
        return out.flush();
    }
    let name = path.display();
    // Write through a symlink to the file it names, as a plain write would.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let existing = std::fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        return std::fs::write(&target, bytes).map_err(|e| Failure::input_one(format!("{name}: {e}")));
    }
    let unchanged = if existing.is_some() {
        "the file is unchanged"
    } else {
        "nothing was written"
    };
    let failed = |what: &str, e: io::Error| Failure::input_one(format!("{name}: {what}: {e}; {unchanged}"));
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp = temp_beside(&dir, &target)
        .map_err(|e| failed(&format!("cannot create a temporary file in {}", dir.display()), e))?;
    if let Some(meta) = &existing {
        // The umask applies at creation; an existing file keeps its mode.
        let _ = temp.as_file().set_permissions(meta.permissions());
    }
    // The file itself, not the `NamedTempFile`, whose errors name its path.
    let file = temp.as_file_mut();
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .and_then(|()| file.sync_all())
        .map_err(|e| failed("writing failed", e))?;
    temp.persist(&target)
        .map_err(|e| failed("replacing it failed", e.error))?;
    Ok(())
}

/// A temporary file beside `target`, named after it (`.NAME.XXXXXX.tmp`),
/// created as `std::fs::write` would create `target` (0666 less the umask,
/// on unix).
fn temp_beside(dir: &Path, target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let stem = target.file_name().map_or_else(|| "out".into(), |n| n.to_string_lossy());
    let prefix = format!(".{stem}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Refuses (exit 2) an output file that is one of the inputs, before
/// anything is read: writing it would destroy what is being read. Paths
/// name the same file when they have the same device and inode (unix; so
/// links and other spellings count), or the same canonical path elsewhere.
/// `-` (stdout, stdin) and outputs that do not exist yet pass.
pub fn refuse_input_as_output<'a>(output: &Path, inputs: impl IntoIterator<Item = &'a Path>) -> Result<(), Failure> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let Ok(out_meta) = std::fs::metadata(output) else {
        return Ok(());
    };
    for input in inputs {
        if input.as_os_str() == "-" {
            continue;
        }
        if same_file(output, &out_meta, input) {
            return Err(Failure::usage(format!(
                "the output `{}` is the input `{}`: writing it would destroy the input; choose another -o",
                output.display(),
                input.display()
            )));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(_output: &Path, out_meta: &std::fs::Metadata, input: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    // Only regular files can be destroyed by the write (`/dev/stdin` as the
    // input and `/dev/stdout` as the output are fine).
    std::fs::metadata(input)
        .is_ok_and(|m| m.is_file() && out_meta.is_file() && m.dev() == out_meta.dev() && m.ino() == out_meta.ino())
}

#[cfg(not(unix))]
fn same_file(output: &Path, out_meta: &std::fs::Metadata, input: &Path) -> bool {
    out_meta.is_file()
        && matches!(
            (std::fs::canonicalize(output), std::fs::canonicalize(input)),
            (Ok(a), Ok(b)) if a == b
        )
}

fn write_failure(e: io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::broken_pipe()
    } else {
        Failure::input_one(format!("error: writing to stdout: {e}"))
    }
}
