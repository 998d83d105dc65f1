//! Bit-layout diagrams: `docs/isa/<isa>-<format>.svg`.
//!
//! A small SVG writer of our own (no dependencies, no script). [`layout`]
//! turns one format into a [`Diagram`], a model that holds every box, tick
//! and text label with the box the label must stay inside; [`render`] writes
//! that model out and nothing else. The tests check the model: every label
//! fits its box and no two labels overlap, by the arithmetic below (text is
//! monospace, so its width is its length times the advance).
//!
//! What a diagram shows, in the style of WaveDrom `reg` and the RISC-V figures:
//! - 32 bits per lane, bit 31 of each lane at the left; the most significant
//!   lane on top (as WaveDrom draws lanes), so the diagram reads like the
//!   number, most significant bit first;
//! - boxes sized by bits, bit numbers above each field's edges, ticks at every
//!   bit boundary;
//! - the field name in the upper part of its box and the field's type in the
//!   lower strip; names too long for their box are rotated, and names that do
//!   not fit even so are replaced by a key (`a`, `b`, …) explained under the
//!   diagram;
//! - fixed bits (and the opcode of a format that has a single opcode) printed
//!   as 0/1 digits, one per bit;
//! - opcode, fixed, nested-layout, reserved and unknown fields filled in their
//!   own colours, explained by a legend; reserved (must be zero) and unknown
//!   (kept verbatim) bits in two shades of grey;
//! - a nested layout field as one box naming the layout, linked to the
//!   layout's own diagram.
//!
//! Output is deterministic: coordinates are formatted with at most one decimal
//! and everything is emitted in bit order.

use std::fmt::Write;

use isa_runtime::layout::{Field, FieldKind, Format, IsaLayout, Opcode};

use crate::diagram_file;

/// Width of one bit cell.
pub const BIT_W: f64 = 28.0;
/// Advance of one character, in ems. Monospace fonts have 0.6 (DejaVu Sans
/// Mono 0.602, Liberation Mono and Courier 0.600, Menlo 0.602, Consolas
/// 0.55); the estimate rounds up.
pub const ADVANCE: f64 = 0.62;
/// Height of a line of text, in ems (ascender to descender, rounded up).
pub const LINE: f64 = 1.2;
/// Space kept between a label and the edge of its box.
pub const PAD: f64 = 3.0;

const MARGIN: f64 = 16.0;
const NAME_SIZE: f64 = 13.0;
const NAME_SMALL: f64 = 11.0;
const DETAIL_SIZE: f64 = 11.0;
const DETAIL_SMALL: f64 = 10.0;
const BITNUM_SIZE: f64 = 10.0;
const TITLE_SIZE: f64 = 15.0;
const TEXT_SIZE: f64 = 12.0;
const LEGEND_SIZE: f64 = 11.0;
/// Height of the name part of a box (grows for rotated names).
const NAME_H: f64 = 30.0;
/// Height of the type strip at the bottom of a box.
const STRIP_H: f64 = 20.0;
/// Height of the bit-number row above a lane.
const BITNUM_H: f64 = 16.0;
const LANE_GAP: f64 = 10.0;
const TICK: f64 = 3.0;
/// The longest name that is rotated rather than replaced by a key.
const ROTATE_MAX: f64 = 100.0;
/// Narrowest content area, so that legends have room beside narrow layouts.
const MIN_CONTENT_W: f64 = 560.0;
const SWATCH: f64 = 12.0;
const FONT: &str = "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace";

/// Width of `text` at font size `size`.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * ADVANCE * size
}

/// An axis-aligned rectangle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl Rect {
    /// Whether `other` lies inside this rectangle (edges may touch).
    pub fn contains(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        other.x >= self.x - EPS
            && other.y >= self.y - EPS
            && other.x + other.w <= self.x + self.w + EPS
            && other.y + other.h <= self.y + self.h + EPS
    }

    /// Whether the two rectangles share some area (touching edges do not count).
    pub fn overlaps(&self, other: &Rect) -> bool {
        const EPS: f64 = 1e-6;
        self.x + EPS < other.x + other.w
            && other.x + EPS < self.x + self.w
            && self.y + EPS < other.y + other.h
            && other.y + EPS < self.y + self.h
    }

    fn inset(&self, by: f64) -> Rect {
        Rect {
            x: self.x + by,
            y: self.y + by,
            w: self.w - 2.0 * by,
            h: self.h - 2.0 * by,
        }
    }
}

/// Where a label's `x` is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// At the start of the text.
    Start,
    /// At the middle of the text.
    Middle,
}

/// One piece of text.
#[derive(Debug, Clone)]
pub struct Label {
    /// The text.
    pub text: String,
    /// Anchor point: `x` as [`Anchor`] says, `y` the vertical middle.
    pub x: f64,
    /// Vertical middle of the text.
    pub y: f64,
    /// Font size.
    pub size: f64,
    /// Where `x` is.
    pub anchor: Anchor,
    /// Rotated a quarter turn anticlockwise (reads bottom to top), about (`x`, `y`).
    pub rotated: bool,
    /// Bold.
    pub bold: bool,
    /// A link target.
    pub href: Option<String>,
    /// The box this label must stay inside.
    pub within: Rect,
    /// What the label is, for messages (`name of src1`, `bit number 31`).
    pub role: String,
}

impl Label {
    /// The space the text takes, by the monospace arithmetic.
    pub fn extent(&self) -> Rect {
        let (along, across) = (text_width(&self.text, self.size), self.size * LINE);
        if self.rotated {
            Rect {
                x: self.x - across / 2.0,
                y: self.y - along / 2.0,
                w: across,
                h: along,
            }
        } else {
            let x = match self.anchor {
                Anchor::Start => self.x,
                Anchor::Middle => self.x - along / 2.0,
            };
            Rect {
                x,
                y: self.y - across / 2.0,
                w: along,
                h: across,
            }
        }
    }
}

/// The fill of a box, by what its bits are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Fill {
    /// An operand field.
    Field,
    /// The opcode.
    Opcode,
    /// Fixed bits.
    Fixed,
    /// A nested layout.
    Layout,
    /// Reserved: must be zero.
    Reserved,
    /// Unknown: kept verbatim.
    Unknown,
}

impl Fill {
    fn colour(self) -> &'static str {
        match self {
            Fill::Field => "#ffffff",
            Fill::Opcode => "#ffd27f",
            Fill::Fixed => "#cfe3f7",
            Fill::Layout => "#dcf0d5",
            Fill::Reserved => "#b4b4b4",
            Fill::Unknown => "#e4e4e4",
        }
    }

    fn legend(self) -> &'static str {
        match self {
            Fill::Field => "operand field",
            Fill::Opcode => "opcode",
            Fill::Fixed => "fixed value (0/1 shown)",
            Fill::Layout => "nested layout (links to its diagram)",
            Fill::Reserved => "reserved: must be 0",
            Fill::Unknown => "unknown: kept verbatim",
        }
    }

    fn of(kind: FieldKind) -> Fill {
        match kind {
            FieldKind::Opcode => Fill::Opcode,
            FieldKind::Fixed(_) => Fill::Fixed,
            FieldKind::Layout(_) | FieldKind::Union(_) => Fill::Layout,
            FieldKind::Reserved => Fill::Reserved,
            FieldKind::Unknown => Fill::Unknown,
            _ => Fill::Field,
        }
    }
}

/// One box: a field, or the part of a field that lies in one lane or range.
#[derive(Debug, Clone)]
pub struct FieldBox {
    /// The box.
    pub rect: Rect,
    /// Its fill.
    pub fill: Fill,
    /// A link target (nested layouts).
    pub href: Option<String>,
    /// Hover text: name, bits, type and doc.
    pub tooltip: String,
}

/// A legend swatch.
#[derive(Debug, Clone)]
pub struct Swatch {
    /// The square.
    pub rect: Rect,
    /// Its fill.
    pub fill: Fill,
}

/// Everything one diagram draws.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// Canvas width.
    pub width: f64,
    /// Canvas height.
    pub height: f64,
    /// The SVG `<title>`.
    pub title: String,
    /// Field boxes.
    pub boxes: Vec<FieldBox>,
    /// Bit-boundary ticks as `(x, y1, y2)` vertical strokes.
    pub ticks: Vec<(f64, f64, f64)>,
    /// Legend swatches.
    pub swatches: Vec<Swatch>,
    /// All text.
    pub labels: Vec<Label>,
}

impl Diagram {
    /// The canvas.
    pub fn canvas(&self) -> Rect {
        Rect {
            x: 0.0,
            y: 0.0,
            w: self.width,
            h: self.height,
        }
    }

    /// Ticks as thin rectangles (one unit wide), for overlap checks.
    pub fn tick_rects(&self) -> Vec<Rect> {
        self.ticks
            .iter()
            .map(|&(x, y1, y2)| Rect {
                x: x - 0.5,
                y: y1,
                w: 1.0,
                h: y2 - y1,
            })
            .collect()
    }
}

/// The type shown in a field's lower strip (and WaveDrom's `attr`), if any.
pub fn detail_text(field: &Field) -> Option<String> {
    Some(match field.kind {
        FieldKind::Unsigned => format!("u{}", field.width),
        FieldKind::Signed => format!("s{}", field.width),
        FieldKind::Bool => "bool".into(),
        FieldKind::Half => "f16".into(),
        FieldKind::Float => "f32".into(),
        FieldKind::Enum(e) => e.name.into(),
        FieldKind::Regs(r) => r.name.into(),
        FieldKind::Layout(l) => l.name.into(),
        FieldKind::Union(u) => u.name.into(),
        FieldKind::Mask(_) => "mask".into(),
        FieldKind::Swizzle(_) => "swizzle".into(),
        FieldKind::Presence => "unit enables".into(),
        FieldKind::Opcode | FieldKind::Fixed(_) | FieldKind::Reserved | FieldKind::Unknown => return None,
    })
}

/// The opcode of a format that has exactly one.
pub fn single_opcode(isa: &IsaLayout, format: &Format) -> Option<&'static Opcode> {
    let mut ops = isa.opcodes.iter().filter(|o| std::ptr::eq(o.format, format));
    let first = ops.next()?;
    ops.next().is_none().then_some(first)
}

/// A field's bits inside one lane and one range.
struct Segment<'a> {
    field: &'a Field,
    /// Absolute bit numbers.
    lo: u32,
    hi: u32,
    /// Field-relative bit numbers.
    rel_lo: u32,
    rel_hi: u32,
    /// Whether the field has more than one segment.
    split: bool,
}

impl Segment<'_> {
    fn bits(&self) -> u32 {
        self.hi - self.lo + 1
    }

    fn name(&self) -> String {
        if !self.split {
            self.field.name.to_string()
        } else if self.rel_hi == self.rel_lo {
            format!("{}[{}]", self.field.name, self.rel_lo)
        } else {
            format!("{}[{}:{}]", self.field.name, self.rel_hi, self.rel_lo)
        }
    }
}

fn segments(format: &Format) -> Vec<Segment<'_>> {
    let mut out = Vec::new();
    for field in format.fields {
        let first = out.len();
        let mut rel = 0;
        for r in field.ranges {
            let mut b = r.lo;
            while b <= r.hi() {
                let hi = r.hi().min(b / 32 * 32 + 31);
                out.push(Segment {
                    field,
                    lo: b,
                    hi,
                    rel_lo: rel + (b - r.lo),
                    rel_hi: rel + (hi - r.lo),
                    split: false,
                });
                b = hi + 1;
            }
            rel += r.width;
        }
        if out.len() - first > 1 {
            for s in &mut out[first..] {
                s.split = true;
            }
        }
    }
    // Most significant first: top lane to bottom, left to right.
    out.sort_by_key(|s| std::cmp::Reverse(s.hi));
    out
}

/// How a name is placed in its box.
enum Place {
    Horizontal(f64),
    Rotated,
    Key(String),
}

/// What the lower strip of a box shows.
enum Detail {
    None,
    Text(String, f64),
    /// One digit per bit, most significant first.
    Digits(Vec<char>),
}

/// The key for the `n`th abbreviated name: `a`…`z`, then `aa`, `ab`, ….
fn key(n: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    if n < 26 {
        (letters[n] as char).to_string()
    } else {
        format!("{}{}", key(n / 26 - 1), letters[n % 26] as char)
    }
}

/// Greedy word wrap to `width` at font size `size`.
fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let max = ((width / (ADVANCE * size)).floor() as usize).max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        while word.chars().count() > max {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            let head: String = word.chars().take(max).collect();
            word = word.chars().skip(max).collect();
            lines.push(head);
        }
        if line.is_empty() {
            line = word;
        } else if line.chars().count() + 1 + word.chars().count() <= max {
            line.push(' ');
            line.push_str(&word);
        } else {
            lines.push(std::mem::replace(&mut line, word));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Doc text as plain prose: no Markdown backticks, one line.
fn plain(doc: &str) -> String {
    doc.replace('`', "").split_whitespace().collect::<Vec<_>>().join(" ")
}

fn bits_text(lo: u32, hi: u32) -> String {
    if lo == hi {
        format!("bit {lo}")
    } else {
        format!("bits {hi}..={lo}")
    }
}

/// Lays out the diagram of one format or layout: the title and doc, the
/// lanes of fields, the legend, the keys of names that did not fit, and
/// the caption, top to bottom.
pub fn layout(stem: &str, isa: &IsaLayout, format: &Format) -> Diagram {
    let segs = segments(format);
    let opcode = if format.is_instruction {
        single_opcode(isa, format)
    } else {
        None
    };
    let kind_text = if format.is_instruction {
        "instruction format"
    } else {
        "layout"
    };
    let title = format!("{} {}: {}-bit {kind_text}", isa.name, format.name, format.bits);

    // Names and strips first: rotated names decide the box height.
    let mut keys: Vec<(String, String)> = Vec::new();
    let placed: Vec<Placed> = segs.iter().map(|seg| place(seg, opcode, &mut keys)).collect();
    let frame = Frame::new(format, &title, &placed);

    let mut d = Diagram {
        width: frame.content_w + 2.0 * MARGIN,
        height: 0.0,
        title: format!("{} {} bit layout", isa.name, format.name),
        boxes: Vec::new(),
        ticks: Vec::new(),
        swatches: Vec::new(),
        labels: Vec::new(),
    };
    let mut y = MARGIN;
    frame.text_line(&mut d, &mut y, title, TITLE_SIZE, true, "title");
    let doc = plain(format.doc);
    if !doc.is_empty() {
        y += 2.0;
        for line in wrap(&doc, TEXT_SIZE, frame.content_w) {
            frame.text_line(&mut d, &mut y, line, TEXT_SIZE, false, "doc");
        }
    }
    y += 8.0;

    // Lanes, most significant on top.
    for (seg, placed) in segs.iter().zip(&placed) {
        draw_segment(&mut d, &frame, y, stem, seg, placed);
    }
    y += f64::from(frame.lanes) * (BITNUM_H + frame.box_h + LANE_GAP) - LANE_GAP;

    legend(&mut d, &mut y, &frame, &segs);
    // Keys for names that did not fit.
    if !keys.is_empty() {
        y += 4.0;
        for (k, what) in keys {
            for line in wrap(&format!("{k} = {what}"), LEGEND_SIZE, frame.content_w) {
                frame.text_line(&mut d, &mut y, line, LEGEND_SIZE, false, "key");
            }
        }
    }
    y += 6.0;
    for line in wrap(&caption(isa, format), TEXT_SIZE, frame.content_w) {
        frame.text_line(&mut d, &mut y, line, TEXT_SIZE, false, "caption");
    }

    d.height = (y + MARGIN).ceil();
    d
}

/// A segment's name, where its name goes and what its strip shows.
type Placed = (String, Place, Detail);

/// The geometry shared by the steps of one diagram.
struct Frame {
    /// Width of the content (the canvas less its margins).
    content_w: f64,
    /// Where free text may go: the content's width, any height.
    canvas_text: Rect,
    /// Bits per lane (32, or fewer for a narrow layout).
    lane_cols: u32,
    lanes: u32,
    /// Height of the name part of a field box, and of the whole box.
    name_h: f64,
    box_h: f64,
}

impl Frame {
    /// The frame of `format`'s diagram, whose names are already placed.
    fn new(format: &Format, title: &str, placed: &[Placed]) -> Frame {
        let lane_cols = format.bits.min(32);
        let lane_w = f64::from(lane_cols) * BIT_W;
        let content_w = lane_w.max(MIN_CONTENT_W).max(text_width(title, TITLE_SIZE));
        let name_h = placed
            .iter()
            .filter(|(_, p, _)| matches!(p, Place::Rotated))
            .map(|(n, _, _)| (text_width(n, NAME_SIZE) + 2.0 * PAD).ceil())
            .fold(NAME_H, f64::max);
        Frame {
            content_w,
            canvas_text: Rect {
                x: MARGIN,
                y: 0.0,
                w: content_w,
                h: f64::MAX / 4.0,
            },
            lane_cols,
            lanes: format.bits.div_ceil(32).max(1),
            name_h,
            box_h: name_h + STRIP_H,
        }
    }

    /// The left edge of `bit`'s cell in its lane.
    fn cell_x(&self, bit: u32) -> f64 {
        MARGIN + f64::from(self.lane_cols - 1 - bit % 32) * BIT_W
    }

    /// The top of `lane`'s bit numbers, the lanes starting at `y`.
    fn lane_top(&self, y: f64, lane: u32) -> f64 {
        y + f64::from(self.lanes - 1 - lane) * (BITNUM_H + self.box_h + LANE_GAP)
    }

    /// A line of free text at `y`, which moves below it.
    fn text_line(&self, d: &mut Diagram, y: &mut f64, text: String, size: f64, bold: bool, role: &str) {
        let h = size * LINE;
        d.labels.push(Label {
            text,
            x: MARGIN,
            y: *y + h / 2.0,
            size,
            anchor: Anchor::Start,
            rotated: false,
            bold,
            href: None,
            within: self.canvas_text,
            role: role.to_string(),
        });
        *y += h;
    }
}

/// Where a segment's name goes (horizontal, smaller, rotated, or a key
/// listed under the diagram) and what its strip shows (fixed or opcode
/// digits, its type, or a key); keys are added to `keys`.
fn place(seg: &Segment<'_>, opcode: Option<&Opcode>, keys: &mut Vec<(String, String)>) -> Placed {
    let name = seg.name();
    let avail = f64::from(seg.bits()) * BIT_W - 2.0 * PAD;
    let place = if text_width(&name, NAME_SIZE) <= avail {
        Place::Horizontal(NAME_SIZE)
    } else if text_width(&name, NAME_SMALL) <= avail {
        Place::Horizontal(NAME_SMALL)
    } else if NAME_SIZE * LINE <= avail && text_width(&name, NAME_SIZE) <= ROTATE_MAX {
        Place::Rotated
    } else {
        let k = key(keys.len());
        let what = match detail_text(seg.field) {
            Some(d) => format!("{name} ({d})"),
            None => format!("{name} ({})", seg.field.kind.type_name()),
        };
        keys.push((k.clone(), what));
        Place::Key(k)
    };
    let digits = |value: u128, from: u32| -> Vec<char> {
        (0..seg.bits())
            .rev()
            .map(|i| {
                let bit = value.checked_shr(from + i).unwrap_or(0) & 1;
                if bit == 1 {
                    '1'
                } else {
                    '0'
                }
            })
            .collect()
    };
    let detail = match seg.field.kind {
        FieldKind::Fixed(v) => Detail::Digits(digits(u128::from(v), seg.rel_lo)),
        FieldKind::Opcode => match opcode {
            Some(op) if seg.hi < 128 && (op.mask >> seg.lo) & ((1u128 << seg.bits()) - 1) != 0 => {
                Detail::Digits(digits(op.bits, seg.lo))
            }
            _ => Detail::None,
        },
        // A bool's type goes without saying; any other type that does not
        // fit gets a key, like a name.
        FieldKind::Bool if text_width("bool", DETAIL_SMALL) > avail => Detail::None,
        _ => match detail_text(seg.field) {
            Some(t) if text_width(&t, DETAIL_SIZE) <= avail => Detail::Text(t, DETAIL_SIZE),
            Some(t) if text_width(&t, DETAIL_SMALL) <= avail => Detail::Text(t, DETAIL_SMALL),
            Some(t) => {
                let k = key(keys.len());
                keys.push((k.clone(), format!("{t} (type of {name})")));
                Detail::Text(k, DETAIL_SIZE)
            }
            None => Detail::None,
        },
    };
    (name, place, detail)
}

/// One segment's box (with its tooltip), bit numbers, ticks, name and
/// strip, in its lane; the lanes start at `y`.
fn draw_segment(d: &mut Diagram, frame: &Frame, y: f64, stem: &str, seg: &Segment<'_>, placed: &Placed) {
    let (name, place, detail) = placed;
    let num_y = frame.lane_top(y, seg.lo / 32);
    let top = num_y + BITNUM_H;
    let rect = Rect {
        x: frame.cell_x(seg.hi),
        y: top,
        w: f64::from(seg.bits()) * BIT_W,
        h: frame.box_h,
    };
    let href = match seg.field.kind {
        FieldKind::Layout(l) => Some(diagram_file(stem, l)),
        _ => None,
    };
    d.boxes.push(FieldBox {
        rect,
        fill: Fill::of(seg.field.kind),
        href: href.clone(),
        tooltip: tooltip(seg),
    });

    // Bit numbers above the edges.
    let mut numbers = vec![seg.hi];
    if seg.lo != seg.hi {
        numbers.push(seg.lo);
    }
    for bit in numbers {
        let cell = Rect {
            x: frame.cell_x(bit),
            y: num_y,
            w: BIT_W,
            h: BITNUM_H,
        };
        d.labels.push(Label {
            text: bit.to_string(),
            x: cell.x + BIT_W / 2.0,
            y: num_y + BITNUM_H / 2.0,
            size: BITNUM_SIZE,
            anchor: Anchor::Middle,
            rotated: false,
            bold: false,
            href: None,
            within: cell,
            role: format!("bit number {bit}"),
        });
    }
    // Ticks at the bit boundaries inside the box.
    for k in 1..seg.bits() {
        let x = rect.x + f64::from(k) * BIT_W;
        d.ticks.push((x, top, top + TICK));
        d.ticks.push((x, top + frame.box_h - TICK, top + frame.box_h));
    }

    // The name: in the upper part, or in the middle of a box whose strip is empty.
    let name_region = Rect {
        x: rect.x,
        y: top,
        w: rect.w,
        h: if matches!(detail, Detail::None) {
            frame.box_h
        } else {
            frame.name_h
        },
    };
    let (text, size, rotated) = match place {
        Place::Horizontal(size) => (name.clone(), *size, false),
        Place::Rotated => (name.clone(), NAME_SIZE, true),
        Place::Key(k) => (k.clone(), NAME_SIZE, false),
    };
    d.labels.push(Label {
        text,
        x: rect.x + rect.w / 2.0,
        y: name_region.y + name_region.h / 2.0,
        size,
        anchor: Anchor::Middle,
        rotated,
        bold: matches!(seg.field.kind, FieldKind::Opcode),
        href: None,
        within: name_region.inset(PAD),
        role: format!("name of {name}"),
    });
    strip(d, rect, top + frame.name_h, name, detail, href);
}

/// The hover text of a segment's box: name, bits, kind and doc.
fn tooltip(seg: &Segment<'_>) -> String {
    let mut tooltip = format!("{}: {}", seg.field.name, bits_text(seg.lo, seg.hi));
    match seg.field.kind {
        FieldKind::Fixed(v) => {
            let _ = write!(tooltip, ", fixed {v:#x}");
        }
        kind => {
            let _ = write!(tooltip, ", {}", kind.type_name());
        }
    }
    let field_doc = plain(seg.field.doc);
    if !field_doc.is_empty() {
        let _ = write!(tooltip, ": {field_doc}");
    }
    tooltip
}

/// The strip at the bottom of a box (`rect`), from `strip_y`: the type
/// (linked to a nested layout's diagram) or one digit per bit.
fn strip(d: &mut Diagram, rect: Rect, strip_y: f64, name: &str, detail: &Detail, href: Option<String>) {
    let strip = Rect {
        x: rect.x,
        y: strip_y,
        w: rect.w,
        h: STRIP_H,
    };
    let strip_mid = strip.y + (STRIP_H - TICK) / 2.0;
    match detail {
        Detail::None => {}
        Detail::Text(t, size) => d.labels.push(Label {
            text: t.clone(),
            x: rect.x + rect.w / 2.0,
            y: strip_mid,
            size: *size,
            anchor: Anchor::Middle,
            rotated: false,
            bold: false,
            href,
            within: Rect {
                x: strip.x + PAD,
                y: strip.y,
                w: strip.w - 2.0 * PAD,
                h: STRIP_H - TICK,
            },
            role: format!("type of {name}"),
        }),
        Detail::Digits(digits) => {
            for (i, c) in digits.iter().enumerate() {
                let x = rect.x + i as f64 * BIT_W;
                d.labels.push(Label {
                    text: c.to_string(),
                    x: x + BIT_W / 2.0,
                    y: strip_mid,
                    size: DETAIL_SIZE,
                    anchor: Anchor::Middle,
                    rotated: false,
                    bold: false,
                    href: None,
                    within: Rect {
                        x: x + PAD,
                        y: strip.y,
                        w: BIT_W - 2.0 * PAD,
                        h: STRIP_H - TICK,
                    },
                    role: format!("digit {i} of {name}"),
                });
            }
        }
    }
}

/// One swatch per special fill present (opcode, fixed, unknown, …), in
/// rows that wrap at the content's width, from `y` down.
fn legend(d: &mut Diagram, y: &mut f64, frame: &Frame, segs: &[Segment<'_>]) {
    let mut fills: Vec<Fill> = segs
        .iter()
        .map(|s| Fill::of(s.field.kind))
        .filter(|f| *f != Fill::Field)
        .collect();
    fills.sort();
    fills.dedup();
    if fills.is_empty() {
        return;
    }
    let row_h = LEGEND_SIZE * LINE + 4.0;
    *y += 10.0;
    let mut x = MARGIN;
    for fill in fills {
        let text = fill.legend();
        let item_w = SWATCH + 6.0 + text_width(text, LEGEND_SIZE);
        if x > MARGIN && x + item_w > MARGIN + frame.content_w {
            x = MARGIN;
            *y += row_h;
        }
        let mid = *y + row_h / 2.0;
        d.swatches.push(Swatch {
            rect: Rect {
                x,
                y: mid - SWATCH / 2.0,
                w: SWATCH,
                h: SWATCH,
            },
            fill,
        });
        d.labels.push(Label {
            text: text.to_string(),
            x: x + SWATCH + 6.0,
            y: mid,
            size: LEGEND_SIZE,
            anchor: Anchor::Start,
            rotated: false,
            bold: false,
            href: None,
            within: frame.canvas_text,
            role: format!("legend {text}"),
        });
        x += item_w + 20.0;
    }
    *y += row_h;
}

/// Which opcodes use the format, or where the layout is nested.
fn caption(isa: &IsaLayout, format: &Format) -> String {
    if format.is_instruction {
        let ops: Vec<&str> = isa
            .opcodes
            .iter()
            .filter(|o| std::ptr::eq(o.format, format))
            .map(|o| o.mnemonic)
            .collect();
        if ops.is_empty() {
            "No opcode uses this format.".to_string()
        } else {
            format!("Opcodes: {}", ops.join(", "))
        }
    } else {
        let users: Vec<String> = isa
            .formats
            .iter()
            .flat_map(|outer| {
                outer.fields.iter().filter_map(move |f| match f.kind {
                    FieldKind::Layout(l) if std::ptr::eq(l, format) => Some(format!("{}.{}", outer.name, f.name)),
                    FieldKind::Union(u) if u.variants.iter().any(|v| std::ptr::eq(*v, format)) => {
                        Some(format!("{}.{}", outer.name, f.name))
                    }
                    _ => None,
                })
            })
            .collect();
        if users.is_empty() {
            "Not nested in another format.".to_string()
        } else {
            format!("Nested in: {}", users.join(", "))
        }
    }
}

/// A number as SVG wants it: at most one decimal, no trailing `.0`.
fn num(v: f64) -> String {
    let s = format!("{v:.1}");
    match s.strip_suffix(".0") {
        Some("-0") => "0".to_string(),
        Some(whole) => whole.to_string(),
        None => s,
    }
}

/// Escapes text for XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

fn rect_tag(out: &mut String, r: &Rect, fill: &str, stroke: bool, tooltip: Option<&str>) {
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{fill}\"",
        num(r.x),
        num(r.y),
        num(r.w),
        num(r.h)
    );
    if stroke {
        out.push_str(" stroke=\"#000000\" stroke-width=\"1\"");
    }
    match tooltip {
        Some(t) => {
            let _ = writeln!(out, "><title>{}</title></rect>", escape(t));
        }
        None => out.push_str("/>\n"),
    }
}

fn text_tag(out: &mut String, l: &Label) {
    // The baseline sits 0.35 em below the vertical middle.
    let baseline = l.y + 0.35 * l.size;
    let anchor = if l.rotated || l.anchor == Anchor::Middle {
        "middle"
    } else {
        "start"
    };
    let mut attrs = format!(
        "x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{anchor}\"",
        num(l.x),
        num(baseline),
        num(l.size)
    );
    if l.rotated {
        let _ = write!(attrs, " transform=\"rotate(-90 {} {})\"", num(l.x), num(l.y));
    }
    if l.bold {
        attrs.push_str(" font-weight=\"bold\"");
    }
    match &l.href {
        Some(href) => {
            let _ = writeln!(
                out,
                "<a href=\"{h}\" xlink:href=\"{h}\"><text {attrs} fill=\"#0645ad\" text-decoration=\"underline\">{}</text></a>",
                escape(&l.text),
                h = escape(href)
            );
        }
        None => {
            let _ = writeln!(out, "<text {attrs}>{}</text>", escape(&l.text));
        }
    }
}

/// Writes the diagram as an SVG document.
pub fn render(d: &Diagram) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">",
        w = num(d.width),
        h = num(d.height)
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&d.title));
    out.push_str("<!-- Generated by `cargo xtask docs` from LAYOUT metadata. Do not edit. -->\n");
    rect_tag(&mut out, &d.canvas(), "#ffffff", false, None);
    for b in &d.boxes {
        match &b.href {
            Some(href) => {
                let _ = write!(out, "<a href=\"{h}\" xlink:href=\"{h}\">", h = escape(href));
                rect_tag(&mut out, &b.rect, b.fill.colour(), true, Some(&b.tooltip));
                out.push_str("</a>\n");
            }
            None => rect_tag(&mut out, &b.rect, b.fill.colour(), true, Some(&b.tooltip)),
        }
    }
    out.push_str("<g stroke=\"#000000\" stroke-width=\"1\">\n");
    for &(x, y1, y2) in &d.ticks {
        let _ = writeln!(
            out,
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/>",
            num(y1),
            num(y2),
            x = num(x)
        );
    }
    out.push_str("</g>\n");
    for s in &d.swatches {
        rect_tag(&mut out, &s.rect, s.fill.colour(), true, None);
    }
    let _ = writeln!(out, "<g font-family=\"{FONT}\" fill=\"#000000\">");
    for l in &d.labels {
        text_tag(&mut out, l);
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The diagram of one format as an SVG document.
pub fn format_svg(stem: &str, isa: &IsaLayout, format: &Format) -> String {
    render(&layout(stem, isa, format))
}
