//! The assembler's state. As in picasso's linking model, the code, the
//! operand descriptors, the procedures and the vertex-shader uniform space
//! are shared by every file; labels, aliases and blocks belong to one file
//! (or one `.dvle` section); each file that declares anything gets a DVLE.

use std::collections::HashMap;
use std::rc::Rc;

use super::line::{self, Diag};
use super::operand::Alias;
use super::{shown_file, AsmError, Options};
use crate::shbin::{Constant, Layout, OpdescEntry, Output};
use crate::Instruction;
use isa_runtime::text::{escape_input, quote_input, QUOTE_MAX};

/// A source position, for errors found after the line was read.
#[derive(Clone, Debug)]
pub(crate) struct Pos {
    /// File name.
    pub file: Rc<str>,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
}

impl Pos {
    /// An error here.
    pub fn error(&self, message: impl Into<String>) -> AsmError {
        AsmError {
            file: self.file.to_string(),
            line: self.line,
            col: self.col,
            message: message.into(),
        }
    }

    /// Where this is, told from `here`: `line N`, or `FILE:N` when `here`
    /// is in another file.
    pub fn seen_from(&self, here: &Pos) -> String {
        if self.file == here.file {
            format!("line {}", self.line)
        } else {
            format!("{}:{}", shown_file(&self.file), self.line)
        }
    }
}

/// One word of code.
#[derive(Clone, Debug)]
pub(crate) enum Word {
    /// An assembled instruction (its descriptor index and branch targets
    /// are filled in later).
    Insn(Instruction),
    /// A `.word`, written verbatim and never rewritten.
    Raw(u32),
}

/// What an instruction needs from its operand descriptor: the descriptor
/// bits and which of them matter.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DescNeed {
    /// The descriptor the instruction would like.
    pub desc: u32,
    /// The bits of `desc` that matter.
    pub care: u32,
    /// A mad/madi: its descriptor index has only 5 bits.
    pub mad: bool,
}

impl DescNeed {
    /// Whether a descriptor `entry`, whose bits `entry_care` are pinned,
    /// gives this instruction what it needs (they agree where both care).
    pub fn agrees(&self, entry: u32, entry_care: u32) -> bool {
        let both = self.care & entry_care;
        self.desc & both == entry & both
    }
}

/// A code word with where it came from.
#[derive(Clone, Debug)]
pub(crate) struct Slot {
    /// The word.
    pub word: Word,
    /// The descriptor it needs, if it has one.
    pub need: Option<DescNeed>,
    /// Its source line.
    pub pos: Pos,
}

/// A branch whose target is a label or a procedure, patched later.
#[derive(Clone, Debug)]
pub(crate) struct Reloc {
    /// Index of the instruction in the code.
    pub at: usize,
    /// The label or procedure name.
    pub name: String,
    /// Where the name was written.
    pub pos: Pos,
}

/// An open block.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// What kind.
    pub kind: BlockKind,
    /// Code position where it starts (of its opening instruction, if any).
    pub start: usize,
    /// Where it was opened.
    pub pos: Pos,
}

/// Kinds of block.
#[derive(Clone, Debug)]
pub(crate) enum BlockKind {
    /// `.proc NAME` (`None` if the name was rejected).
    Proc(Option<String>),
    /// `for`.
    For,
    /// `ifc`/`ifu`, with the position of its `.else` once seen.
    If(Option<usize>),
    /// `.constfa NAME[…]`.
    Array,
}

/// A `.constfa` array being collected.
#[derive(Clone, Debug)]
pub(crate) struct ConstArray {
    /// Its name.
    pub name: String,
    /// Its declared size, if any.
    pub size: Option<usize>,
    /// Element values so far.
    pub values: Vec<[f32; 4]>,
}

/// Uniform kinds (picasso's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum UniformKind {
    /// `.bool`.
    Bool,
    /// `.ivec`.
    Ivec,
    /// `.fvec`.
    Fvec,
}

/// A uniform as picasso numbers registers: v 0x00, c 0x20, i 0x80, b 0x88.
#[derive(Clone, Debug)]
pub(crate) struct Uniform {
    /// Its name.
    pub name: String,
    /// First register, picasso-numbered.
    pub pos: u16,
    /// Number of registers.
    pub size: u16,
    /// Kind.
    pub kind: UniformKind,
}

/// picasso's uniform allocator: globals grow up from `start`, local
/// constants down from `end`; `bound` remembers the lowest local ever used,
/// so later globals never overlap any file's constants.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Alloc {
    start: i64,
    end: i64,
    bound: i64,
    top: i64,
}

impl Alloc {
    /// A range `start..end`.
    pub fn new(start: i64, end: i64) -> Self {
        Alloc {
            start,
            end,
            bound: end,
            top: end,
        }
    }

    /// The next global's position.
    pub fn start(&self) -> i64 {
        self.start
    }

    /// One past the next local's position.
    pub fn end(&self) -> i64 {
        self.end
    }

    /// Forgets the local constants (at the start of each file).
    pub fn clear_local(&mut self) {
        self.end = self.top;
    }

    /// `size` registers that stay allocated in later files.
    pub fn global(&mut self, size: i64) -> Option<i64> {
        if self.start.saturating_add(size) > self.bound {
            return None;
        }
        let at = self.start;
        self.start += size;
        Some(at)
    }

    /// `size` registers for this file's constants.
    pub fn local(&mut self, size: i64) -> Option<i64> {
        let at = self.end.saturating_sub(size);
        if at < self.start {
            return None;
        }
        self.bound = self.bound.min(at);
        self.end = at;
        Some(at)
    }
}

/// One allocator per uniform kind.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AllocBundle {
    /// c registers.
    pub fvec: Alloc,
    /// i registers.
    pub ivec: Alloc,
    /// b registers.
    pub bool: Alloc,
}

impl AllocBundle {
    /// The vertex-shader (shared) space: c0–c95, i0–i3, b0–b15.
    pub fn shared() -> Self {
        AllocBundle {
            fvec: Alloc::new(0x20, 0x80),
            ivec: Alloc::new(0x80, 0x84),
            bool: Alloc::new(0x88, 0x98),
        }
    }

    /// A geometry shader's own space from `first_free` (b15 is reserved).
    pub fn geometry(first_free: i64) -> Self {
        AllocBundle {
            fvec: Alloc::new(first_free, 0x80),
            ivec: Alloc::new(0x80, 0x84),
            bool: Alloc::new(0x88, 0x97),
        }
    }

    /// Forgets every kind's local constants (at the start of each file).
    pub fn clear_local(&mut self) {
        self.fvec.clear_local();
        self.ivec.clear_local();
        self.bool.clear_local();
    }

    /// The allocator for `kind`.
    pub fn of(&mut self, kind: UniformKind) -> &mut Alloc {
        match kind {
            UniformKind::Fvec => &mut self.fvec,
            UniformKind::Ivec => &mut self.ivec,
            UniformKind::Bool => &mut self.bool,
        }
    }
}

/// A DVLE header field that `.dvle_override` can set (named as in
/// [`crate::shbin::Dvle`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HeaderField {
    /// `version`.
    Version,
    /// `kind`.
    Kind,
    /// `merge_outmaps`.
    MergeOutmaps,
    /// `main`.
    Main,
    /// `endmain`.
    Endmain,
    /// `input_mask`.
    InputMask,
    /// `output_mask`.
    OutputMask,
    /// `gsh_mode`.
    GshMode,
    /// `gsh_fixed_start`.
    GshFixedStart,
    /// `gsh_variable_count`.
    GshVariableCount,
    /// `gsh_fixed_count`.
    GshFixedCount,
}

/// isaforge's verbatim tables for one DVLE (`None`: computed).
#[derive(Clone, Debug, Default)]
pub(crate) struct RawTables {
    /// `.raw_constant` entries.
    pub constants: Option<Vec<Constant>>,
    /// `.raw_label` entries.
    pub labels: Option<Vec<[u32; 4]>>,
    /// `.raw_output` entries.
    pub outputs: Option<Vec<Output>>,
    /// `.raw_uniform` entries.
    pub uniforms: Option<Vec<crate::shbin::Uniform>>,
    /// `.raw_symbols` bytes.
    pub symbols: Option<Vec<u8>>,
}

/// One DVLE being built (picasso's `DVLEData`).
#[derive(Clone, Debug)]
pub(crate) struct Dvle {
    /// Entry procedure name, where it was set (or the DVLE began), and
    /// whether `.entry` named it.
    pub entry: (String, Pos, bool),
    /// `.nodvle`: no DVLE is written.
    pub nodvle: bool,
    /// Geometry shader.
    pub gsh: bool,
    /// Legacy geometry shader (`.gsh` alone or `setemit`): shares the vertex uniform space.
    pub compat_gsh: bool,
    /// Merge output maps (a dummy output in a geometry shader).
    pub merge: bool,
    /// Input registers used.
    pub input_mask: u16,
    /// Output registers written.
    pub output_mask: u16,
    /// `.gsh` mode, fixed start, variable count, fixed count.
    pub gsh_header: [u8; 4],
    /// Uniform table entries (inputs and uniforms).
    pub uniforms: Vec<Uniform>,
    /// Constant table, in the file's format.
    pub constants: Vec<Constant>,
    /// Output table.
    pub outputs: Vec<Output>,
    /// Output components claimed so far (4 bits per register).
    pub outputs_used: u64,
    /// `.dvle_override`s, in order, with where each was given.
    pub overrides: Vec<(HeaderField, u32, Pos)>,
    /// `.raw_*` tables.
    pub raw: RawTables,
}

impl Dvle {
    fn new(pos: Pos) -> Self {
        Dvle {
            entry: ("main".into(), pos, false),
            nodvle: false,
            gsh: false,
            compat_gsh: false,
            merge: false,
            input_mask: 0,
            output_mask: 0,
            gsh_header: [0; 4],
            uniforms: Vec::new(),
            constants: Vec::new(),
            outputs: Vec::new(),
            outputs_used: 0,
            overrides: Vec::new(),
            raw: RawTables::default(),
        }
    }

    /// Uses a geometry shader's own uniform space.
    pub fn uses_gsh_space(&self) -> bool {
        self.gsh && !self.compat_gsh
    }

    /// Output registers available: o0–o6 in geometry shaders, o0–o15 otherwise.
    pub fn output_limit(&self) -> u8 {
        if self.gsh {
            7
        } else {
            16
        }
    }
}

/// Limits from picasso.
pub(crate) const MAX_UNIFORMS: usize = 0x60;
/// Constants per DVLE.
pub(crate) const MAX_CONSTANTS: usize = 0x60;
/// Outputs per DVLE.
pub(crate) const MAX_OUTPUTS: usize = 16;
/// Nested blocks.
pub(crate) const MAX_STACK: usize = 32;

/// The whole assembler.
pub(crate) struct Asm {
    /// The options.
    pub options: Options,
    /// Every error so far.
    pub errors: Vec<AsmError>,
    /// Every warning so far: what assembles, but not as written (picasso
    /// warns of the same, except a write mask naming a component twice).
    pub warnings: Vec<AsmError>,
    /// File name errors are reported under (a line marker can change it).
    file: Rc<str>,
    /// The physical line being read.
    physical_line: usize,
    /// Reported line minus physical line (set by line markers).
    line_offset: i64,
    /// The code of every file.
    pub code: Vec<Slot>,
    /// Procedures: name → (start, size).
    pub procs: HashMap<String, (usize, usize)>,
    /// Calls to patch at the end.
    pub proc_relocs: Vec<Reloc>,
    /// Every DVLE, in order.
    pub dvles: Vec<Dvle>,
    /// The current file's DVLE, once made.
    pub cur_dvle: Option<usize>,
    /// Uniforms of the shared (vertex) space, by declaration.
    pub globals: Vec<Uniform>,
    /// Allocators: the shared space, then the current geometry shader's.
    pub alloc: [AllocBundle; 2],
    /// The last statement closed an if or for block (for padding).
    pub last_was_end: bool,
    /// `.nopad` was given: the next `.else` or `.end` adds no padding NOP.
    pub no_pad: bool,
    /// `.layout`.
    pub layout: Layout,
    /// Where `.layout` was given, if it was.
    pub layout_at: Option<Pos>,
    /// The DVLP header's version word (`.raw_dvlp`; picasso writes 0).
    pub dvlp_version: u32,
    /// The DVLP header's three reserved words (`.raw_dvlp`; picasso writes 0).
    pub dvlp_reserved: [u32; 3],
    /// Where `.raw_dvlp` was given, if it was.
    pub dvlp_at: Option<Pos>,
    /// `.raw_opdesc` entries.
    pub raw_opdescs: Option<Vec<OpdescEntry>>,
    /// The `.constfa` array being collected.
    pub array: Option<ConstArray>,
    /// This file's labels.
    pub labels: HashMap<String, usize>,
    /// This file's jumps to patch at its end.
    pub label_relocs: Vec<Reloc>,
    /// Every patched jump with its target, checked against the whole
    /// program's length once the last file is read.
    pub jump_targets: Vec<(usize, Reloc)>,
    /// This file's aliases (including uniform, input and output names).
    pub aliases: HashMap<String, Alias>,
    /// Open blocks.
    pub stack: Vec<Block>,
    /// Names whose declaration failed: using them reports nothing more.
    pub poisoned: std::collections::HashSet<String>,
}

impl Asm {
    /// A fresh assembler.
    pub fn new(options: Options) -> Self {
        Asm {
            options,
            errors: Vec::new(),
            warnings: Vec::new(),
            file: Rc::from(""),
            physical_line: 0,
            line_offset: 0,
            code: Vec::new(),
            procs: HashMap::new(),
            proc_relocs: Vec::new(),
            dvles: Vec::new(),
            cur_dvle: None,
            globals: Vec::new(),
            alloc: [AllocBundle::shared(), AllocBundle::shared()],
            last_was_end: false,
            no_pad: false,
            layout: Layout::Picasso,
            layout_at: None,
            dvlp_version: 0,
            dvlp_reserved: [0; 3],
            dvlp_at: None,
            raw_opdescs: None,
            array: None,
            labels: HashMap::new(),
            label_relocs: Vec::new(),
            jump_targets: Vec::new(),
            aliases: HashMap::new(),
            stack: Vec::new(),
            poisoned: std::collections::HashSet::new(),
        }
    }

    /// Starts a source file.
    pub fn begin_file(&mut self, name: &str) {
        self.file = Rc::from(name);
        self.physical_line = 0;
        self.line_offset = 0;
        self.begin_section();
    }

    /// Starts a file or `.dvle` section: a new DVLE, no labels or aliases.
    pub fn begin_section(&mut self) {
        self.alloc[0].clear_local();
        self.labels.clear();
        self.label_relocs.clear();
        self.aliases.clear();
        self.stack.clear();
        self.poisoned.clear();
        self.array = None;
        self.cur_dvle = None;
        // A `.nopad` with no close after it in its file pads nothing later.
        self.no_pad = false;
    }

    /// Ends a file or `.dvle` section: unclosed blocks, then label targets.
    pub fn end_file(&mut self) {
        for block in std::mem::take(&mut self.stack) {
            let what = match &block.kind {
                BlockKind::Proc(Some(name)) => format!("`.proc {}`", escape_input(name)),
                BlockKind::Proc(None) => "`.proc`".into(),
                BlockKind::For => "`for`".into(),
                BlockKind::If(_) => "this if block".into(),
                BlockKind::Array => "`.constfa`".into(),
            };
            self.errors
                .push(block.pos.error(format!("{what} is never closed with `.end`")));
        }
        self.fix_labels();
    }

    /// The physical line being read.
    pub fn set_line(&mut self, line: usize) {
        self.physical_line = line;
    }

    /// `# N "file"`: the next line is line N (of `file`).
    pub fn line_marker(&mut self, marker: line::Marker<'_>) {
        self.line_offset = (marker.line as i64).saturating_sub(self.physical_line as i64 + 1);
        if let Some(file) = marker.file {
            self.file = marker_file(file);
        }
    }

    /// The position of byte `at` of the current line `raw`.
    pub fn pos(&self, raw: &str, at: usize) -> Pos {
        let col = raw.get(..at.min(raw.len())).map_or(1, |s| s.chars().count() + 1);
        // A marker can name line 0 (`# 0`) or less for the lines after it;
        // positions stay 1-based.
        let line = (self.physical_line as i64).saturating_add(self.line_offset).max(1) as usize;
        Pos {
            file: self.file.clone(),
            line,
            col,
        }
    }

    /// Records an error found on the current line.
    /// An empty message marks a consequence of an error already reported
    /// (a use of a name whose declaration failed): it is dropped.
    pub fn report(&mut self, raw: &str, diag: Diag) {
        if diag.message.is_empty() {
            return;
        }
        let error = self.pos(raw, diag.at).error(diag.message);
        self.errors.push(error);
    }

    /// Records a warning at `diag` of line `raw`.
    pub fn warn(&mut self, raw: &str, diag: Diag) {
        let warning = self.pos(raw, diag.at).error(diag.message);
        self.warnings.push(warning);
    }

    /// The current DVLE, created on first use (as picasso's `GetDvleData`).
    pub fn dvle(&mut self, raw: &str) -> &mut Dvle {
        let index = match self.cur_dvle {
            Some(index) => index,
            None => {
                let pos = self.pos(raw, 0);
                self.dvles.push(Dvle::new(pos));
                self.dvles.len() - 1
            }
        };
        self.cur_dvle = Some(index);
        &mut self.dvles[index]
    }

    /// The current DVLE if there is one.
    pub fn dvle_if_any(&self) -> Option<&Dvle> {
        self.cur_dvle.and_then(|i| self.dvles.get(i))
    }

    /// The uniform allocator for `kind` in the current DVLE's space.
    pub fn allocator(&mut self, raw: &str, kind: UniformKind) -> &mut Alloc {
        let space = usize::from(self.dvle(raw).uses_gsh_space());
        self.alloc[space].of(kind)
    }

    /// Appends a word to the code.
    pub fn emit(&mut self, word: Word, need: Option<DescNeed>, pos: Pos) -> usize {
        self.code.push(Slot { word, need, pos });
        self.code.len() - 1
    }

    /// Defines `name:` at the current code position.
    pub fn define_label(&mut self, raw: &str, name: &str) -> Result<(), Diag> {
        if self.labels.contains_key(name) {
            return Err(Diag {
                at: line::offset_in(raw, name),
                message: format!("duplicate label {name}", name = quote_input(name)),
            });
        }
        self.labels.insert(name.to_string(), self.code.len());
        Ok(())
    }
}

/// The file name a line marker gives. It is input, so it is cut as quoted
/// input is: after [`QUOTE_MAX`] characters, with `…` (messages escape it
/// when they print it).
fn marker_file(name: &str) -> Rc<str> {
    match name.char_indices().nth(QUOTE_MAX) {
        Some((cut, _)) => Rc::from(format!("{}…", &name[..cut])),
        None => Rc::from(name),
    }
}
