//! The SVG diagrams: well-formed XML, and by the layout model's own
//! arithmetic no label leaves its box, no two labels overlap and no label
//! crosses a bit tick. Runs over every real format and over a made-up ISA
//! that exercises what the real ones do not (keys, split fields, partial lanes).

use std::collections::BTreeSet;

use isa_runtime::layout::{BitRange, Field, FieldKind, Format, IsaLayout, Opcode, RegFile, Regs};
use xtask::svg::{self, Diagram, Fill};

/// Everything wrong with a diagram's layout, one line per problem.
fn problems(name: &str, d: &Diagram, bits: u32) -> Vec<String> {
    let mut out = Vec::new();
    let canvas = d.canvas();
    let ticks = d.tick_rects();
    for l in &d.labels {
        let e = l.extent();
        if !l.within.contains(&e) {
            out.push(format!(
                "{name}: {} {:?} overflows its box: text {e:?}, box {:?}",
                l.role, l.text, l.within
            ));
        }
        if !canvas.contains(&e) {
            out.push(format!("{name}: {} {:?} leaves the canvas: {e:?}", l.role, l.text));
        }
        if let Some(t) = ticks.iter().find(|t| t.overlaps(&e)) {
            out.push(format!("{name}: {} {:?} crosses a tick at x={}", l.role, l.text, t.x));
        }
    }
    for (i, a) in d.labels.iter().enumerate() {
        for b in &d.labels[i + 1..] {
            if a.extent().overlaps(&b.extent()) {
                out.push(format!(
                    "{name}: {} {:?} overlaps {} {:?}",
                    a.role, a.text, b.role, b.text
                ));
            }
        }
    }
    for (i, a) in d.boxes.iter().enumerate() {
        if !canvas.contains(&a.rect) {
            out.push(format!("{name}: box {:?} leaves the canvas", a.tooltip));
        }
        for b in &d.boxes[i + 1..] {
            if a.rect.overlaps(&b.rect) {
                out.push(format!("{name}: boxes {:?} and {:?} overlap", a.tooltip, b.tooltip));
            }
        }
    }
    let drawn: f64 = d.boxes.iter().map(|b| b.rect.w / svg::BIT_W).sum();
    if (drawn - f64::from(bits)).abs() > 1e-6 {
        out.push(format!("{name}: boxes cover {drawn} bits of {bits}"));
    }
    for s in &d.swatches {
        if !canvas.contains(&s.rect) {
            out.push(format!("{name}: legend swatch leaves the canvas"));
        }
        if let Some(l) = d.labels.iter().find(|l| l.extent().overlaps(&s.rect)) {
            out.push(format!("{name}: legend swatch overlaps {:?}", l.text));
        }
    }
    out
}

/// Parses an SVG, checks the basics, and returns its `href` targets.
fn parse_svg(name: &str, text: &str) -> BTreeSet<String> {
    let doc = roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{name}");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{name}"
    );
    for attr in ["width", "height", "viewBox"] {
        assert!(root.attribute(attr).is_some(), "{name} lacks {attr}");
    }
    assert!(
        doc.descendants().all(|n| n.tag_name().name() != "script"),
        "{name} has a script"
    );
    doc.descendants()
        .filter(|n| n.tag_name().name() == "a")
        .filter_map(|n| n.attribute("href").map(str::to_string))
        .collect()
}

#[test]
fn every_svg_is_well_formed_and_links_only_generated_diagrams() {
    let generated = xtask::docs::generate();
    let files: BTreeSet<&str> = generated.iter().map(|g| g.path.as_str()).collect();
    let svgs: Vec<_> = generated.iter().filter(|g| g.path.ends_with(".svg")).collect();
    assert!(svgs.len() >= 20, "{} diagrams", svgs.len());
    for g in svgs {
        for href in parse_svg(&g.path, &g.contents) {
            let target = format!("docs/isa/{href}");
            assert!(
                files.contains(target.as_str()),
                "{}: link to {href} goes nowhere",
                g.path
            );
        }
    }
}

#[test]
fn no_label_overflows_or_overlaps_in_any_real_diagram() {
    let mut all = Vec::new();
    for &(stem, isa) in xtask::ISAS {
        for format in isa.formats {
            let d = svg::layout(stem, isa, format);
            all.extend(problems(&xtask::diagram_file(stem, format), &d, format.bits));
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn real_diagrams_show_what_the_formats_hold() {
    let pica = &isa_pica::LAYOUT;
    // Fmt5 has one opcode (mad, 0b111): its bits are printed.
    let d = svg::layout("pica", pica, pica.format("Fmt5").unwrap());
    let digits: Vec<&str> = d
        .labels
        .iter()
        .filter(|l| l.role.starts_with("digit"))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(digits, ["1", "1", "1"]);
    assert!(d.boxes.iter().any(|b| b.fill == Fill::Opcode));
    // OpDesc's one-bit negates are rotated, not cut.
    let d = svg::layout("pica", pica, pica.format("OpDesc").unwrap());
    for neg in ["neg1", "neg2", "neg3"] {
        assert!(d.labels.iter().any(|l| l.text == neg && l.rotated), "{neg}");
    }
    // AGAL's token: six lanes, nested layouts linked, src1 split over two lanes.
    let agal = &isa_agal::LAYOUT;
    let d = svg::layout("agal", agal, agal.format("Token").unwrap());
    let names: Vec<&str> = d
        .labels
        .iter()
        .filter(|l| l.role.starts_with("name"))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "src2[63:32]",
            "src2[31:0]",
            "src1[63:32]",
            "src1[31:0]",
            "dst",
            "opcode"
        ]
    );
    let links: BTreeSet<&str> = d.boxes.iter().filter_map(|b| b.href.as_deref()).collect();
    assert_eq!(links, BTreeSet::from(["agal-dest.svg", "agal-source.svg"]));
    // The header's fixed bytes print as digits: magic 0xa0, type_id 0xa1.
    let d = svg::layout("agal", agal, agal.format("Header").unwrap());
    let digits: String = d
        .labels
        .iter()
        .filter(|l| l.role.starts_with("digit"))
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(digits, "1010000110100000");
}

// A made-up ISA: a 48-bit format (a full lane and a 16-bit one) with a name
// too long to rotate, a rotated one, a field split over two ranges and two
// lanes, a type too long for its box, fixed, reserved and unknown bits, and a
// nested layout.

static INNER: Format = Format {
    name: "Inner",
    doc: "A three-bit layout.",
    bits: 3,
    is_instruction: false,
    fields: &[Field {
        name: "x",
        doc: "",
        ranges: &[BitRange { lo: 0, width: 3 }],
        width: 3,
        kind: FieldKind::Unsigned,
    }],
    syntax: &[],
    texts: &[],
    params: &[],
};

static LONG_REGS: Regs = Regs {
    name: "VeryLongRegisterFileName",
    doc: "",
    bits: 2,
    open: false,
    files: &[RegFile {
        prefix: "r",
        base: 0,
        count: 4,
        doc: "",
    }],
};

const fn field(name: &'static str, ranges: &'static [BitRange], width: u32, kind: FieldKind) -> Field {
    Field {
        name,
        doc: "",
        ranges,
        width,
        kind,
    }
}

static WIDE: Format = Format {
    name: "Wide_Fmt",
    doc: "A made-up format with <angle brackets> & an ampersand in its doc.",
    bits: 48,
    is_instruction: true,
    fields: &[
        field("opcode", &[BitRange { lo: 0, width: 6 }], 6, FieldKind::Opcode),
        field(
            "a_very_long_flag_name_indeed",
            &[BitRange { lo: 6, width: 1 }],
            1,
            FieldKind::Bool,
        ),
        field(
            "split",
            &[BitRange { lo: 7, width: 3 }, BitRange { lo: 40, width: 5 }],
            8,
            FieldKind::Signed,
        ),
        field("neg", &[BitRange { lo: 10, width: 1 }], 1, FieldKind::Bool),
        field("enable", &[BitRange { lo: 11, width: 1 }], 1, FieldKind::Bool),
        field("reg", &[BitRange { lo: 12, width: 2 }], 2, FieldKind::Regs(&LONG_REGS)),
        field("magic", &[BitRange { lo: 14, width: 4 }], 4, FieldKind::Fixed(0b1010)),
        field("rsvd", &[BitRange { lo: 18, width: 14 }], 14, FieldKind::Reserved),
        field("mystery", &[BitRange { lo: 32, width: 8 }], 8, FieldKind::Unknown),
        field("inner", &[BitRange { lo: 45, width: 3 }], 3, FieldKind::Layout(&INNER)),
    ],
    syntax: &[],
    texts: &[],
    params: &[],
};

static FIXTURE: IsaLayout = IsaLayout {
    name: "fixture",
    doc: "A made-up ISA for the diagram tests.",
    word_bits: 48,
    fallback: None,
    gens: None,
    formats: &[&WIDE, &INNER],
    enums: &[],
    regs: &[&LONG_REGS],
    opcodes: &[Opcode {
        mnemonic: "frob",
        format: &WIDE,
        value: 0x2a,
        mask: 0x3f,
        bits: 0x2a,
        template: &[],
        template_source: "",
        semantics: "",
        priority: 0,
        gens: None,
        attrs: &[],
        doc: "",
    }],
    attrs: &[],
    dialects: &[],
    decode_order: &[0],
    by_mnemonic: &[0],
    bundle: None,
    packed: None,
};

#[test]
fn made_up_isa_uses_keys_rotation_and_split_labels_and_still_fits() {
    let d = svg::layout("fixture", &FIXTURE, &WIDE);
    let problems = problems("fixture-wide_fmt.svg", &d, 48);
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    let texts: Vec<&str> = d.labels.iter().map(|l| l.text.as_str()).collect();
    // Keys run in reading order, most significant bit first.
    // Too long to rotate: a key, explained below.
    assert!(texts.contains(&"b = a_very_long_flag_name_indeed (bool)"), "{texts:?}");
    // Rotated.
    assert!(d.labels.iter().any(|l| l.text == "enable" && l.rotated));
    // A type too wide for its box gets a key too.
    assert!(
        texts.contains(&"a = VeryLongRegisterFileName (type of reg)"),
        "{texts:?}"
    );
    // Split over two ranges: field-relative bit numbers.
    assert!(
        texts.contains(&"split[2:0]") && texts.contains(&"split[7:3]"),
        "{texts:?}"
    );
    // Fixed bits and the single opcode as digits, most significant first.
    let digits = |of: &str| -> String {
        d.labels
            .iter()
            .filter(|l| l.role.starts_with("digit") && l.role.ends_with(&format!("of {of}")))
            .map(|l| l.text.as_str())
            .collect()
    };
    assert_eq!(digits("magic"), "1010");
    assert_eq!(digits("opcode"), "101010");
    // The legend names every special fill.
    for entry in [
        "opcode",
        "fixed value (0/1 shown)",
        "nested layout (links to its diagram)",
        "reserved: must be 0",
        "unknown: kept verbatim",
    ] {
        assert!(texts.contains(&entry), "legend lacks {entry}");
    }
    // Two lanes: bit 47 sits above bit 31.
    let y_of = |bit: &str| {
        d.labels
            .iter()
            .find(|l| l.text == bit && l.role.starts_with("bit"))
            .unwrap()
            .y
    };
    assert!(y_of("47") < y_of("31"));

    let svg = svg::render(&d);
    let hrefs = parse_svg("fixture", &svg);
    assert_eq!(hrefs, BTreeSet::from(["fixture-inner.svg".to_string()]));
    assert!(svg.contains("&lt;angle brackets&gt; &amp; an ampersand"));

    // The other generators take the made-up ISA too.
    let generated = xtask::docs::generate_for(&[("fixture", &FIXTURE)]);
    let paths: Vec<&str> = generated.iter().map(|g| g.path.as_str()).collect();
    assert_eq!(
        paths,
        [
            "docs/isa/fixture.md",
            "docs/isa/fixture.json",
            "docs/isa/fixture.wavedrom.json",
            "docs/isa/fixture-wide-fmt.svg",
            "docs/isa/fixture-inner.svg",
            "docs/index.md"
        ]
    );
    let inner = svg::layout("fixture", &FIXTURE, &INNER);
    let problems = self::problems("fixture-inner.svg", &inner, 3);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn wavedrom_entries_add_up_and_name_fixed_bits_by_value() {
    let wave: serde_json::Value = serde_json::from_str(&xtask::wavedrom::isa_wavedrom(&FIXTURE)).expect("valid JSON");
    let wide = &wave["Wide_Fmt"];
    let reg = wide["reg"].as_array().unwrap();
    let total: u64 = reg.iter().map(|e| e["bits"].as_u64().unwrap()).sum();
    assert_eq!(total, 48);
    assert_eq!(wide["config"]["lanes"], 2);
    assert_eq!(wide["config"]["bits"], 48);
    // Least significant first: the opcode, named by its value.
    assert_eq!(reg[0]["name"], 0x2a);
    assert_eq!(reg[0]["attr"], "opcode");
    assert_eq!(reg[0]["type"], 5);
    let magic = reg.iter().find(|e| e["attr"] == "magic").unwrap();
    assert_eq!(magic["name"], 0b1010);
    let names: Vec<&str> = reg.iter().filter_map(|e| e["name"].as_str()).collect();
    assert!(
        names.contains(&"split[2:0]") && names.contains(&"split[7:3]"),
        "{names:?}"
    );

    for &(_, isa) in xtask::ISAS {
        let wave: serde_json::Value = serde_json::from_str(&xtask::wavedrom::isa_wavedrom(isa)).unwrap();
        let keys: Vec<&str> = wave.as_object().unwrap().keys().map(String::as_str).collect();
        let formats: Vec<&str> = isa.formats.iter().map(|f| f.name).collect();
        assert_eq!(keys, formats, "one entry per format, in spec order");
        for f in isa.formats {
            let total: u64 = wave[f.name]["reg"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["bits"].as_u64().unwrap())
                .sum();
            assert_eq!(total, u64::from(f.bits), "{}", f.name);
        }
    }
}

#[test]
fn spec_json_holds_the_resolved_spec() {
    for &(stem, isa) in xtask::ISAS {
        let spec: serde_json::Value = serde_json::from_str(&xtask::spec_json::isa_json(stem, isa)).unwrap();
        assert_eq!(spec["isa"], isa.name);
        assert_eq!(spec["formats"].as_array().unwrap().len(), isa.formats.len());
        assert_eq!(spec["enums"].as_array().unwrap().len(), isa.enums.len());
        assert_eq!(spec["regs"].as_array().unwrap().len(), isa.regs.len());
        let ops = spec["opcodes"].as_array().unwrap();
        assert_eq!(ops.len(), isa.opcodes.len());
        for (json, op) in ops.iter().zip(isa.opcodes) {
            assert_eq!(json["mnemonic"], op.mnemonic);
            let mask = u128::from_str_radix(json["mask"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
            let bits = u128::from_str_radix(json["bits"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
            assert_eq!((mask, bits), (op.mask, op.bits), "{}", op.mnemonic);
        }
        for (json, format) in spec["formats"].as_array().unwrap().iter().zip(isa.formats) {
            let covered: u64 = json["fields"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|f| f["ranges"].as_array().unwrap())
                .map(|r| r["width"].as_u64().unwrap())
                .sum();
            assert_eq!(covered, u64::from(format.bits), "{}", format.name);
            let params: Vec<&str> = json["params"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            let want: Vec<&str> = format.params.iter().map(|p| p.name).collect();
            assert_eq!(params, want, "{}", format.name);
        }
    }
    // A layout's params, with their docs (`null` for none), in spec order.
    let ir3: serde_json::Value = serde_json::from_str(&xtask::spec_json::isa_json("ir3", &isa_ir3::LAYOUT)).unwrap();
    let layout = |name: &str| {
        ir3["formats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["name"] == name)
            .unwrap()
            .clone()
    };
    assert_eq!(
        layout("MsImm")["params"],
        serde_json::json!([{"name": "r", "doc": null}, {"name": "half", "doc": "printed `h(…)`"}])
    );
    assert_eq!(layout("Cat2")["params"], serde_json::json!([]));
    let pica: serde_json::Value = serde_json::from_str(&xtask::spec_json::isa_json("pica", &isa_pica::LAYOUT)).unwrap();
    let idx = pica["enums"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "Idx")
        .unwrap();
    assert_eq!(idx["values"][1]["spellings"][0], "[a0.x]");
    let mad = pica["opcodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["mnemonic"] == "mad")
        .unwrap();
    assert_eq!(mad["mask"], "0xe0000000");
    assert_eq!(mad["semantics"], "dst = src1 * src2 + src3");
}
