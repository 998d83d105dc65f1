//! SHBIN files: the DVLB container of PICA200 shader programs.
//!
//! A DVLB holds one DVLP (the code and the operand-descriptor table, shared
//! by every program in the file) and one DVLE per program (entry point,
//! register masks, geometry-shader settings, and the constant, label, output,
//! uniform and symbol tables). Layout facts: the PICA-programs issue,
//! picasso's `picasso_frontend.cpp` (writer) and 3dbrew's SHBIN page.
//!
//! [`Shbin::from_bytes`] is total: any byte string gives a [`Shbin`] or a
//! [`ShbinError`] naming the byte offset. Two writers' layouts are known and
//! recorded in [`Shbin::layout`]: picasso's and nihstro's (whose section order
//! and header size differ). For files in either layout,
//! `to_bytes(parse(f)) == Ok(f)`; other files are refused. [`Shbin::to_bytes`]
//! refuses a [`Shbin`] holding a value its layout has no place for
//! ([`WriteError`]) rather than write the file without it.

use std::fmt;

use isa_runtime::text::counted;

/// Where a writer puts the sections of a `.shbin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// picasso (`picasso_frontend.cpp`): 10-word DVLP header, code, opdescs,
    /// then each DVLE header with constants, labels, outputs, uniforms and
    /// symbols, padded to a word.
    #[default]
    Picasso,
    /// nihstro (`shbin.h`/`assembler`): 7-word DVLP header, the DVLE headers,
    /// code, opdescs, then each DVLE's outputs, constants, uniforms, labels and
    /// symbols, unpadded.
    Nihstro,
}

/// A parsed `.shbin` file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Shbin {
    /// Which writer's section layout the file uses.
    pub layout: Layout,
    /// DVLP version word (picasso writes 0).
    pub dvlp_version: u32,
    /// The three DVLP words after the symbol-table offset (picasso writes 0).
    /// Only picasso's layout has them: nihstro's 7-word DVLP header does
    /// not, so a nihstro file reads them as 0, and [`Shbin::to_bytes`]
    /// refuses a nihstro-layout `Shbin` where they are not.
    pub dvlp_reserved: [u32; 3],
    /// Instruction words of every program.
    pub code: Vec<u32>,
    /// The operand-descriptor table.
    pub opdescs: Vec<OpdescEntry>,
    /// One entry per program.
    pub dvles: Vec<Dvle>,
}

/// One operand-descriptor table entry (8 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct OpdescEntry {
    /// The descriptor word ([`super::OpDesc`]).
    pub desc: u32,
    /// The second word, 0 in every known file; kept verbatim.
    pub extra: u32,
}

/// The program kind in a DVLE.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShaderKind {
    /// Vertex shader (0).
    Vertex,
    /// Geometry shader (1).
    Geometry,
    /// Any other value, kept verbatim.
    Other(u8),
}

impl ShaderKind {
    /// From the DVLE byte.
    pub fn from_byte(b: u8) -> Self {
        match b {
            0 => ShaderKind::Vertex,
            1 => ShaderKind::Geometry,
            other => ShaderKind::Other(other),
        }
    }

    /// The DVLE byte.
    pub fn byte(self) -> u8 {
        match self {
            ShaderKind::Vertex => 0,
            ShaderKind::Geometry => 1,
            ShaderKind::Other(b) => b,
        }
    }
}

/// One program: a DVLE (0x40-byte header plus its tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dvle {
    /// The u16 after the magic (picasso writes 0x1002).
    pub version: u16,
    /// Vertex or geometry shader.
    pub kind: ShaderKind,
    /// The "merge output maps" byte.
    pub merge_outmaps: u8,
    /// Entry point, in words.
    pub main: u32,
    /// End of the entry procedure, in words.
    pub endmain: u32,
    /// Input registers used (bit n = v_n).
    pub input_mask: u16,
    /// Output registers written (bit n = o_n).
    pub output_mask: u16,
    /// Geometry-shader mode byte (`.gsh` mode).
    pub gsh_mode: u8,
    /// Geometry shader: first fixed-vertex uniform.
    pub gsh_fixed_start: u8,
    /// Geometry shader: variable vertex count.
    pub gsh_variable_count: u8,
    /// Geometry shader: fixed vertex count.
    pub gsh_fixed_count: u8,
    /// Constant table (20 bytes each).
    pub constants: Vec<Constant>,
    /// Label table (16 bytes each), kept as raw words.
    pub labels: Vec<[u32; 4]>,
    /// Output table (8 bytes each).
    pub outputs: Vec<Output>,
    /// Uniform table (8 bytes each).
    pub uniforms: Vec<Uniform>,
    /// The symbol table: NUL-terminated names the uniform table points into.
    pub symbols: Vec<u8>,
}

/// A constant table entry: the register and its preset value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Constant {
    /// 0 bool, 1 int, 2 float.
    pub kind: u16,
    /// Register index within its file (`b`, `i` or `c`).
    pub index: u16,
    /// The value words: four float24s (float); the four bytes of word 0
    /// (int); 0 or 1 in word 0 (bool).
    pub value: [u32; 4],
}

/// Constant kinds.
pub mod constant_kind {
    /// `.setb`: a boolean uniform.
    pub const BOOL: u16 = 0;
    /// `.seti`/`.consti`: an integer vector uniform.
    pub const INT: u16 = 1;
    /// `.setf`/`.constf`: a float vector uniform.
    pub const FLOAT: u16 = 2;
}

/// An output table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Output {
    /// Semantic: 0 position, 1 normalquat, 2 color, 3 texcoord0,
    /// 4 texcoord0w, 5 texcoord1, 6 texcoord2, 8 view, 9 dummy.
    pub semantic: u16,
    /// Output register number (o_n).
    pub register: u16,
    /// Components written; bit 0 = x (the opposite of the opdesc mask).
    pub mask: u16,
    /// The last u16, 0 in picasso's files; kept verbatim.
    pub extra: u16,
}

/// A uniform table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Uniform {
    /// Offset of the name in the symbol table.
    pub symbol: u32,
    /// First register: v 0x00–0x0F, c 0x10–0x6F, i 0x70–0x73, b 0x78–0x87.
    pub first: u16,
    /// Last register, numbered the same way.
    pub last: u16,
}

impl Dvle {
    /// The NUL-terminated symbol at `offset` of the symbol table, if any.
    pub fn symbol(&self, offset: u32) -> Option<&str> {
        let bytes = self.symbols.get(offset as usize..)?;
        let end = bytes.iter().position(|&b| b == 0)?;
        std::str::from_utf8(&bytes[..end]).ok()
    }
}

/// A malformed `.shbin`: the byte offset and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShbinError {
    /// Byte offset from the start of the file.
    pub offset: usize,
    /// What was expected there.
    pub message: String,
}

impl fmt::Display for ShbinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {:#x}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ShbinError {}

/// Why a [`Shbin`] cannot be written: it holds a value its [`Layout`] has
/// no place for, which writing would drop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// [`Shbin::dvlp_reserved`] is not zero in the nihstro layout, whose
    /// 7-word DVLP header has no reserved words.
    NihstroReserved([u32; 3]),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::NihstroReserved([a, b, c]) => write!(
                f,
                "the reserved DVLP words (`dvlp_reserved`) are {a:#x} {b:#x} {c:#x}, but the nihstro layout's \
                 7-word DVLP header has no reserved words: set them to 0 or write the picasso layout"
            ),
        }
    }
}

impl std::error::Error for WriteError {}

/// Bounds-checked little-endian reads.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    fn err<T>(&self, offset: usize, message: impl Into<String>) -> Result<T, ShbinError> {
        Err(ShbinError {
            offset,
            message: message.into(),
        })
    }

    fn slice(&self, offset: usize, len: usize, what: &str) -> Result<&[u8], ShbinError> {
        match offset.checked_add(len) {
            Some(end) if end <= self.bytes.len() => Ok(&self.bytes[offset..end]),
            _ => self.err(
                offset.min(self.bytes.len()),
                format!(
                    "{what} needs {} at {offset:#x}, but the file is {}",
                    counted(len, "byte"),
                    counted(self.bytes.len(), "byte")
                ),
            ),
        }
    }

    fn u32(&self, offset: usize, what: &str) -> Result<u32, ShbinError> {
        let b = self.slice(offset, 4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u16(&self, offset: usize, what: &str) -> Result<u16, ShbinError> {
        let b = self.slice(offset, 2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn u8(&self, offset: usize, what: &str) -> Result<u8, ShbinError> {
        Ok(self.slice(offset, 1, what)?[0])
    }

    fn magic(&self, offset: usize, magic: &[u8; 4]) -> Result<(), ShbinError> {
        let what = String::from_utf8_lossy(magic).into_owned();
        let found = self.slice(offset, 4, &format!("the `{what}` magic"))?;
        if found != magic {
            return self.err(offset, format!("expected the magic `{what}`, found {found:02x?}"));
        }
        Ok(())
    }

    /// A table of `count` entries of `size` bytes at `offset`, checked to
    /// fit. One that does not names the header fields that place it: a
    /// table that starts past the end of the file is its offset field's
    /// fault, reported at that field; one that starts inside the file but
    /// runs past its end (a count too large, or a file cut short) is
    /// reported where it starts, naming its count field.
    fn table(&self, offset: usize, count: u32, size: usize, fields: &TableFields<'_>) -> Result<usize, ShbinError> {
        let len = (count as usize).saturating_mul(size);
        let file = self.bytes.len();
        if offset.checked_add(len).is_some_and(|end| end <= file) {
            return Ok(offset);
        }
        let table = fields.table;
        if let (Some((at, name)), true) = (fields.offset, offset > file) {
            let rel = self.u32(at, name)?;
            return self.err(
                at,
                format!(
                    "{name} is {rel:#x} (the u32 at {at:#x}), which puts {table} at {offset:#x}, past the end of \
                     the file ({file} bytes)"
                ),
            );
        }
        let (at, name) = fields.count;
        let entries = if count == 1 { "entry" } else { "entries" };
        let bytes = if size == 1 { "byte" } else { "bytes" };
        self.err(
            offset,
            format!(
                "{table} of {count} {entries} of {size} {bytes} ({name}, the u32 at {at:#x}) needs {len} {} at \
                 {offset:#x}, but the file is {file} bytes",
                if len == 1 { "byte" } else { "bytes" }
            ),
        )
    }
}

/// The header fields that place a table: its offset field (`None` where
/// the format fixes the table's place) and its count field, each as its
/// byte offset in the file and its name, and what the table is called.
struct TableFields<'a> {
    table: &'a str,
    offset: Option<(usize, &'a str)>,
    count: (usize, &'a str),
}

/// The error for a file that neither picasso's nor nihstro's layout writes
/// back: the first byte where picasso's layout differs, named when it is a
/// word of the DVLB/DVLP header (`dvlp` is where the DVLP starts).
fn not_written_back(bytes: &[u8], picasso: &[u8], dvlp: usize) -> ShbinError {
    let at = bytes
        .iter()
        .zip(picasso)
        .position(|(a, b)| a != b)
        .unwrap_or(bytes.len().min(picasso.len()));
    const DVLP_WORDS: [&str; 10] = [
        "the DVLP magic",
        "the DVLP version",
        "the code offset",
        "the code size",
        "the opdesc offset",
        "the opdesc count",
        "the DVLP symbol-table offset",
        "a reserved DVLP header word",
        "a reserved DVLP header word",
        "a reserved DVLP header word",
    ];
    let field = match at {
        _ if at >= bytes.len() || at >= picasso.len() => {
            return ShbinError {
                offset: at,
                message: format!(
                    "the file is {}, but its sections end at {:#x} (a file cut short, or bytes after the last \
                     section); isaforge reads only files it writes back bit for bit",
                    counted(bytes.len(), "byte"),
                    picasso.len()
                ),
            };
        }
        4..=7 => Some(("the DVLE count", 4)),
        _ if at >= 8 && at < dvlp => Some(("a DVLE offset", 8 + (at - 8) / 4 * 4)),
        _ if at >= dvlp && at < dvlp + 40 => Some((DVLP_WORDS[(at - dvlp) / 4], dvlp + (at - dvlp) / 4 * 4)),
        _ => None,
    };
    let message = match field {
        Some((name, word)) => {
            let value = |b: &[u8]| {
                b.get(word..word + 4)
                    .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
            };
            format!(
                "{name} (the u32 at {word:#x}) is {:#x}, where a file with these contents has {:#x}; isaforge reads \
                 only files it writes back bit for bit",
                value(bytes),
                value(picasso)
            )
        }
        None => format!(
            "byte {at:#x} is {:#04x}, where a file with these contents has {:#04x} (the DVLE headers, tables or \
             padding differ from what picasso or nihstro write); isaforge reads only files it writes back bit for bit",
            bytes[at], picasso[at]
        ),
    };
    ShbinError { offset: at, message }
}

/// `base + rel`, or an error at `at` when it overflows.
fn add(base: usize, rel: u32, at: usize) -> Result<usize, ShbinError> {
    base.checked_add(rel as usize).ok_or_else(|| ShbinError {
        offset: at,
        message: format!("offset {rel:#x} overflows"),
    })
}

impl Shbin {
    /// Parses a `.shbin`. Never panics; every error names a byte offset.
    pub fn from_bytes(bytes: &[u8]) -> Result<Shbin, ShbinError> {
        let r = Reader { bytes };
        r.magic(0, b"DVLB")?;
        let dvle_count = r.u32(4, "the DVLE count")?;
        let dvle_offsets = TableFields {
            table: "the DVLE offset table",
            offset: None,
            count: (4, "the DVLE count"),
        };
        r.table(8, dvle_count, 4, &dvle_offsets)?;
        let dvlp = 8 + 4 * dvle_count as usize;
        r.magic(dvlp, b"DVLP")?;
        let dvlp_version = r.u32(dvlp + 4, "the DVLP version")?;
        let code_at = add(dvlp, r.u32(dvlp + 8, "the code offset")?, dvlp + 8)?;
        let code_words = r.u32(dvlp + 12, "the code size")?;
        let desc_at = add(dvlp, r.u32(dvlp + 16, "the opdesc offset")?, dvlp + 16)?;
        let desc_count = r.u32(dvlp + 20, "the opdesc count")?;
        let _symtab = r.u32(dvlp + 24, "the DVLP symbol-table offset")?;
        let dvlp_reserved = [
            r.u32(dvlp + 28, "a DVLP header word")?,
            r.u32(dvlp + 32, "a DVLP header word")?,
            r.u32(dvlp + 36, "a DVLP header word")?,
        ];
        let code_fields = TableFields {
            table: "the code",
            offset: Some((dvlp + 8, "the code offset")),
            count: (dvlp + 12, "the code size"),
        };
        r.table(code_at, code_words, 4, &code_fields)?;
        let code = (0..code_words as usize)
            .map(|i| r.u32(code_at + 4 * i, "code"))
            .collect::<Result<_, _>>()?;
        let desc_fields = TableFields {
            table: "the opdesc table",
            offset: Some((dvlp + 16, "the opdesc offset")),
            count: (dvlp + 20, "the opdesc count"),
        };
        r.table(desc_at, desc_count, 8, &desc_fields)?;
        let opdescs = (0..desc_count as usize)
            .map(|i| {
                Ok(OpdescEntry {
                    desc: r.u32(desc_at + 8 * i, "an opdesc")?,
                    extra: r.u32(desc_at + 8 * i + 4, "an opdesc")?,
                })
            })
            .collect::<Result<_, ShbinError>>()?;
        let dvles = (0..dvle_count as usize)
            .map(|i| {
                let at = r.u32(8 + 4 * i, "a DVLE offset")? as usize;
                parse_dvle(&r, at, i)
            })
            .collect::<Result<_, _>>()?;
        let mut shbin = Shbin {
            layout: Layout::Picasso,
            dvlp_version,
            dvlp_reserved,
            code,
            opdescs,
            dvles,
        };
        let picasso = shbin.write_picasso();
        if picasso != bytes {
            // nihstro's 7-word DVLP header has no reserved words.
            let nihstro = Shbin {
                layout: Layout::Nihstro,
                dvlp_reserved: [0; 3],
                ..shbin.clone()
            };
            let written = nihstro.write_nihstro();
            if written != bytes {
                // Neither writer gives these bytes back: something the model
                // does not keep (an offset, padding, the length) differs.
                // Refused, so that no bit is silently changed.
                return Err(not_written_back(bytes, &picasso, dvlp));
            }
            shbin = nihstro;
        }
        Ok(shbin)
    }

    /// Writes the file in its [`Layout`], or says which value that layout
    /// has no place for (never dropping it).
    pub fn to_bytes(&self) -> Result<Vec<u8>, WriteError> {
        match self.layout {
            Layout::Picasso => Ok(self.write_picasso()),
            Layout::Nihstro if self.dvlp_reserved != [0; 3] => Err(WriteError::NihstroReserved(self.dvlp_reserved)),
            Layout::Nihstro => Ok(self.write_nihstro()),
        }
    }

    /// nihstro's layout (see [`Layout::Nihstro`]).
    fn write_nihstro(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let n = self.dvles.len();
        let dvlp = 8 + 4 * n;
        let headers = dvlp + 28;
        let code_at = headers + 0x40 * n;
        let desc_at = code_at + 4 * self.code.len();
        let mut tables_at = desc_at + 8 * self.opdescs.len();
        w32(&mut out, u32::from_le_bytes(*b"DVLB"));
        w32(&mut out, n as u32);
        for i in 0..n {
            w32(&mut out, (headers + 0x40 * i) as u32);
        }
        for v in [
            u32::from_le_bytes(*b"DVLP"),
            self.dvlp_version,
            (code_at - dvlp) as u32,
            self.code.len() as u32,
            (desc_at - dvlp) as u32,
            self.opdescs.len() as u32,
            0,
        ] {
            w32(&mut out, v);
        }
        let mut tables = Vec::new();
        for (i, dvle) in self.dvles.iter().enumerate() {
            let base = headers + 0x40 * i;
            let mut at = tables_at;
            let mut place = |len: usize| {
                let rel = at - base;
                at += len;
                rel as u32
            };
            let outputs = place(8 * dvle.outputs.len());
            let constants = place(20 * dvle.constants.len());
            let uniforms = place(8 * dvle.uniforms.len());
            let labels = place(16 * dvle.labels.len());
            let symbols = place(dvle.symbols.len());
            tables_at = at;
            dvle.write_header(
                &mut out,
                [
                    (constants, dvle.constants.len()),
                    (labels, dvle.labels.len()),
                    (outputs, dvle.outputs.len()),
                    (uniforms, dvle.uniforms.len()),
                    (symbols, dvle.symbols.len()),
                ],
            );
            dvle.write_outputs(&mut tables);
            dvle.write_constants(&mut tables);
            dvle.write_uniforms(&mut tables);
            dvle.write_labels(&mut tables);
            tables.extend_from_slice(&dvle.symbols);
        }
        for &word in &self.code {
            w32(&mut out, word);
        }
        for d in &self.opdescs {
            w32(&mut out, d.desc);
            w32(&mut out, d.extra);
        }
        out.extend_from_slice(&tables);
        out
    }

    /// picasso's layout (see [`Layout::Picasso`]).
    fn write_picasso(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let dvlp_size = 40 + 4 * self.code.len() + 8 * self.opdescs.len();
        w32(&mut out, u32::from_le_bytes(*b"DVLB"));
        w32(&mut out, self.dvles.len() as u32);
        let mut at = 8 + 4 * self.dvles.len() + dvlp_size;
        for dvle in &self.dvles {
            w32(&mut out, at as u32);
            at += dvle.size();
        }
        w32(&mut out, u32::from_le_bytes(*b"DVLP"));
        w32(&mut out, self.dvlp_version);
        w32(&mut out, 40);
        w32(&mut out, self.code.len() as u32);
        w32(&mut out, (40 + 4 * self.code.len()) as u32);
        w32(&mut out, self.opdescs.len() as u32);
        w32(&mut out, dvlp_size as u32);
        for v in self.dvlp_reserved {
            w32(&mut out, v);
        }
        for &word in &self.code {
            w32(&mut out, word);
        }
        for d in &self.opdescs {
            w32(&mut out, d.desc);
            w32(&mut out, d.extra);
        }
        for dvle in &self.dvles {
            let start = out.len();
            let mut at = 0x40usize;
            let mut place = |len: usize| {
                let rel = at;
                at += len;
                rel as u32
            };
            let offsets = [
                (place(20 * dvle.constants.len()), dvle.constants.len()),
                (place(16 * dvle.labels.len()), dvle.labels.len()),
                (place(8 * dvle.outputs.len()), dvle.outputs.len()),
                (place(8 * dvle.uniforms.len()), dvle.uniforms.len()),
                (place(dvle.symbols.len()), dvle.symbols.len()),
            ];
            dvle.write_header(&mut out, offsets);
            dvle.write_constants(&mut out);
            dvle.write_labels(&mut out);
            dvle.write_outputs(&mut out);
            dvle.write_uniforms(&mut out);
            out.extend_from_slice(&dvle.symbols);
            while (out.len() - start) % 4 != 0 {
                out.push(0);
            }
        }
        out
    }
}

fn w16(out: &mut Vec<u8>, v: u16) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn w32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

impl Dvle {
    /// The 0x40-byte header; `tables` are (offset from the DVLE, count) of the
    /// constant, label, output, uniform and symbol tables.
    fn write_header(&self, out: &mut Vec<u8>, tables: [(u32, usize); 5]) {
        w32(out, u32::from_le_bytes(*b"DVLE"));
        w16(out, self.version);
        out.push(self.kind.byte());
        out.push(self.merge_outmaps);
        w32(out, self.main);
        w32(out, self.endmain);
        w16(out, self.input_mask);
        w16(out, self.output_mask);
        out.extend_from_slice(&[
            self.gsh_mode,
            self.gsh_fixed_start,
            self.gsh_variable_count,
            self.gsh_fixed_count,
        ]);
        for (offset, count) in tables {
            w32(out, offset);
            w32(out, count as u32);
        }
    }

    fn write_constants(&self, out: &mut Vec<u8>) {
        for c in &self.constants {
            w16(out, c.kind);
            w16(out, c.index);
            for v in c.value {
                w32(out, v);
            }
        }
    }

    fn write_labels(&self, out: &mut Vec<u8>) {
        for l in &self.labels {
            for v in l {
                w32(out, *v);
            }
        }
    }

    fn write_outputs(&self, out: &mut Vec<u8>) {
        for o in &self.outputs {
            for v in [o.semantic, o.register, o.mask, o.extra] {
                w16(out, v);
            }
        }
    }

    fn write_uniforms(&self, out: &mut Vec<u8>) {
        for u in &self.uniforms {
            w32(out, u.symbol);
            w16(out, u.first);
            w16(out, u.last);
        }
    }

    /// Bytes this DVLE occupies in picasso's layout (header, tables, symbols, padding).
    pub fn size(&self) -> usize {
        let raw = 0x40
            + 20 * self.constants.len()
            + 16 * self.labels.len()
            + 8 * self.outputs.len()
            + 8 * self.uniforms.len()
            + self.symbols.len();
        (raw + 3) & !3
    }
}

fn parse_dvle(r: &Reader<'_>, at: usize, index: usize) -> Result<Dvle, ShbinError> {
    r.magic(at, b"DVLE")?;
    let table = |field: usize, size: usize, what: &str| -> Result<(usize, u32), ShbinError> {
        let offset_name = format!("DVLE {index}'s {what} table offset");
        let count_name = format!("DVLE {index}'s {what} count");
        let offset = add(at, r.u32(at + field, &offset_name)?, at + field)?;
        let count = r.u32(at + field + 4, &count_name)?;
        let fields = TableFields {
            table: &format!("the {what} table"),
            offset: Some((at + field, &offset_name)),
            count: (at + field + 4, &count_name),
        };
        Ok((r.table(offset, count, size, &fields)?, count))
    };
    let (const_at, const_count) = table(0x18, 20, "constant")?;
    let (label_at, label_count) = table(0x20, 16, "label")?;
    let (out_at, out_count) = table(0x28, 8, "output")?;
    let (unif_at, unif_count) = table(0x30, 8, "uniform")?;
    let (sym_at, sym_len) = table(0x38, 1, "symbol")?;
    let constants = (0..const_count as usize)
        .map(|i| {
            let e = const_at + 20 * i;
            Ok(Constant {
                kind: r.u16(e, "a constant")?,
                index: r.u16(e + 2, "a constant")?,
                value: [
                    r.u32(e + 4, "a constant")?,
                    r.u32(e + 8, "a constant")?,
                    r.u32(e + 12, "a constant")?,
                    r.u32(e + 16, "a constant")?,
                ],
            })
        })
        .collect::<Result<_, ShbinError>>()?;
    let labels = (0..label_count as usize)
        .map(|i| {
            let e = label_at + 16 * i;
            Ok([
                r.u32(e, "a label")?,
                r.u32(e + 4, "a label")?,
                r.u32(e + 8, "a label")?,
                r.u32(e + 12, "a label")?,
            ])
        })
        .collect::<Result<_, ShbinError>>()?;
    let outputs = (0..out_count as usize)
        .map(|i| {
            let e = out_at + 8 * i;
            Ok(Output {
                semantic: r.u16(e, "an output")?,
                register: r.u16(e + 2, "an output")?,
                mask: r.u16(e + 4, "an output")?,
                extra: r.u16(e + 6, "an output")?,
            })
        })
        .collect::<Result<_, ShbinError>>()?;
    let uniforms = (0..unif_count as usize)
        .map(|i| {
            let e = unif_at + 8 * i;
            Ok(Uniform {
                symbol: r.u32(e, "a uniform")?,
                first: r.u16(e + 4, "a uniform")?,
                last: r.u16(e + 6, "a uniform")?,
            })
        })
        .collect::<Result<_, ShbinError>>()?;
    Ok(Dvle {
        version: r.u16(at + 4, "the DVLE version")?,
        kind: ShaderKind::from_byte(r.u8(at + 6, "the shader type")?),
        merge_outmaps: r.u8(at + 7, "the merge-outmaps flag")?,
        main: r.u32(at + 8, "the entry point")?,
        endmain: r.u32(at + 12, "the entry end")?,
        input_mask: r.u16(at + 16, "the input mask")?,
        output_mask: r.u16(at + 18, "the output mask")?,
        gsh_mode: r.u8(at + 20, "the geometry mode")?,
        gsh_fixed_start: r.u8(at + 21, "the geometry fixed start")?,
        gsh_variable_count: r.u8(at + 22, "the geometry variable count")?,
        gsh_fixed_count: r.u8(at + 23, "the geometry fixed count")?,
        constants,
        labels,
        outputs,
        uniforms,
        symbols: r.slice(sym_at, sym_len as usize, "the symbol table")?.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_messages_count_in_the_singular_and_plural() {
        let r = Reader { bytes: &[0; 8] };
        let fields = TableFields {
            table: "the symbol table",
            offset: None,
            count: (4, "the symbol count"),
        };
        let one = r.table(8, 1, 1, &fields).expect_err("past the end");
        assert!(
            one.message.contains("of 1 entry of 1 byte (") && one.message.contains("needs 1 byte at"),
            "{one}"
        );
        let many = r.table(8, 16, 4, &fields).expect_err("past the end");
        assert!(
            many.message.contains("of 16 entries of 4 bytes (") && many.message.contains("needs 64 bytes"),
            "{many}"
        );
    }

    fn sample() -> Shbin {
        Shbin {
            code: vec![0x4e00_0000, 0x8800_0000],
            opdescs: vec![OpdescEntry { desc: 0x36f, extra: 0 }],
            dvles: vec![Dvle {
                version: 0x1002,
                kind: ShaderKind::Vertex,
                merge_outmaps: 0,
                main: 0,
                endmain: 2,
                input_mask: 1,
                output_mask: 1,
                gsh_mode: 0,
                gsh_fixed_start: 0,
                gsh_variable_count: 0,
                gsh_fixed_count: 0,
                constants: vec![Constant {
                    kind: constant_kind::FLOAT,
                    index: 5,
                    value: [0x3F_0000, 0, 0, 0x3F_0000],
                }],
                labels: vec![],
                outputs: vec![Output {
                    semantic: 0,
                    register: 0,
                    mask: 0xF,
                    extra: 0,
                }],
                uniforms: vec![Uniform {
                    symbol: 0,
                    first: 0x10,
                    last: 0x13,
                }],
                symbols: b"projection\0".to_vec(),
            }],
            ..Shbin::default()
        }
    }

    #[test]
    fn write_then_parse_round_trips() {
        let s = sample();
        let bytes = s.to_bytes().expect("writable");
        assert_eq!(bytes.len() % 4, 0);
        assert_eq!(Shbin::from_bytes(&bytes), Ok(s.clone()));
        assert_eq!(s.dvles[0].symbol(0), Some("projection"));
    }

    #[test]
    fn nihstro_layout_refuses_reserved_dvlp_words_it_cannot_hold() {
        let mut s = sample();
        s.layout = Layout::Nihstro;
        s.dvlp_reserved = [1, 2, 3];
        let err = s.to_bytes().expect_err("nihstro has no reserved DVLP words");
        assert_eq!(err, WriteError::NihstroReserved([1, 2, 3]));
        pretty_assertions::assert_eq!(
            err.to_string(),
            "the reserved DVLP words (`dvlp_reserved`) are 0x1 0x2 0x3, but the nihstro layout's 7-word DVLP \
             header has no reserved words: set them to 0 or write the picasso layout"
        );
        // Zero reserved words write and read back; in picasso's layout any do.
        s.dvlp_reserved = [0; 3];
        assert_eq!(Shbin::from_bytes(&s.to_bytes().expect("writable")), Ok(s.clone()));
        s.layout = Layout::Picasso;
        s.dvlp_reserved = [1, 2, 3];
        assert_eq!(Shbin::from_bytes(&s.to_bytes().expect("writable")), Ok(s));
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let bytes = sample().to_bytes().expect("writable");
        let mut rejected = 0;
        for len in 0..bytes.len() {
            // Cutting only the final padding still leaves a whole file.
            if let Err(err) = Shbin::from_bytes(&bytes[..len]) {
                assert!(err.offset <= len, "{len}: {err}");
                rejected += 1;
            }
        }
        assert!(rejected >= bytes.len() - 3);
    }

    #[test]
    fn hostile_counts_do_not_allocate() {
        let mut bytes = sample().to_bytes().expect("writable");
        bytes[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(Shbin::from_bytes(&bytes).is_err());
        let mut bytes = sample().to_bytes().expect("writable");
        let dvlp = 12;
        bytes[dvlp + 12..dvlp + 16].copy_from_slice(&0x4000_0000u32.to_le_bytes());
        let err = Shbin::from_bytes(&bytes).unwrap_err();
        assert!(err.message.contains("the code"), "{err}");
    }
}
