use super::*;

/// Every field this layer names exists in the spec.
#[test]
fn the_spec_has_every_field_the_layer_reads() {
    let ix = ix();
    let mut all = vec![
        ix.load_addr,
        ix.load_offset,
        ix.register0_addr,
        ix.register0_attr,
        ix.register1_addr,
        ix.complex_op,
        ix.complex_src,
        ix.pass_op,
        ix.branch,
        ix.branch_target,
        ix.branch_target_lo,
    ];
    all.extend(ix.store_temp);
    all.extend(ix.store_addr);
    all.extend(ix.store_varying);
    all.extend(ix.store_src);
    all.extend(&ix.srcs[..10]);
    assert!(all.iter().all(|&i| i < FORMAT.fields.len()));
}

/// The `Src`, `StoreSrc` and other values spelled out here are the
/// spec's.
#[test]
fn constants_match_the_spec() {
    let value = |e: &str, v: &str| {
        let e = super::super::LAYOUT.enums.iter().find(|x| x.name == e)?;
        e.values.iter().find(|x| x.name == v).map(|x| x.value)
    };
    assert_eq!(value("Src", "attr_x"), Some(SRC_ATTR));
    assert_eq!(value("Src", "reg_x"), Some(SRC_REG));
    assert_eq!(value("Src", "unknown0"), Some(SRC_UNKNOWN));
    assert_eq!(value("Src", "load_x"), Some(SRC_LOAD));
    assert_eq!(value("Src", "unused"), Some(SRC_UNUSED));
    assert_eq!(value("Src", "p1_complex"), Some(SRC_P1_COMPLEX));
    assert_eq!(value("Src", "p1_attr_x"), Some(SRC_P1_ATTR));
    let p1 = ["p1_acc0", "p1_acc1", "p1_mul0", "p1_mul1", "p1_pass", "p1_complex"];
    let p2 = ["p2_acc0", "p2_acc1", "p2_mul0", "p2_mul1", "p2_pass"];
    for (u, name) in p1.iter().enumerate() {
        assert_eq!(value("Src", name), SRC_P1[u]);
    }
    for (u, name) in p2.iter().enumerate() {
        assert_eq!(value("Src", name), SRC_P2[u]);
    }
    let stores = ["acc0", "acc1", "mul0", "mul1", "pass", "complex"];
    for (u, name) in stores.iter().enumerate() {
        assert_eq!(value("StoreSrc", name), Some(STORE_SRC[u]));
    }
    assert_eq!(value("StoreSrc", "none"), Some(STORE_NONE));
    assert_eq!(value("LoadOffset", "none"), Some(LOAD_OFFSET_NONE));
    assert_eq!(value("PassOp", "pass"), Some(PASS_OP_PASS));
    assert_eq!(value("ComplexOp", "temp_store_addr"), Some(COMPLEX_TEMP_STORE_ADDR));
    // The layer counts from the first of each run.
    for (base, run) in [
        (SRC_ATTR, ["attr_x", "attr_y", "attr_z", "attr_w"]),
        (SRC_REG, ["reg_x", "reg_y", "reg_z", "reg_w"]),
        (SRC_UNKNOWN, ["unknown0", "unknown1", "unknown2", "unknown3"]),
        (SRC_LOAD, ["load_x", "load_y", "load_z", "load_w"]),
        (SRC_P1_ATTR, ["p1_attr_x", "p1_attr_y", "p1_attr_z", "p1_attr_w"]),
    ] {
        for (k, name) in run.iter().enumerate() {
            assert_eq!(value("Src", name), Some(base + k as u64), "{name}");
        }
    }
    for (k, name) in ["temp_load_addr1", "temp_load_addr2", "temp_load_addr3"]
        .iter()
        .enumerate()
    {
        assert_eq!(value("ComplexOp", name), Some(COMPLEX_TEMP_STORE_ADDR + 1 + k as u64));
    }
}

/// Every hook in the spec's `text` lines is one this layer implements.
#[test]
fn every_hook_of_the_spec_is_known() {
    for t in text::dialect_texts(&FORMAT, DIALECT) {
        for hook in t.hooks() {
            assert!(HOOKS.contains(&hook), "`{}` uses unknown hook `{hook}`", t.name);
        }
    }
}

#[test]
fn empty_programs_and_lone_nops() {
    assert_eq!(disassemble(&[]), "");
    assert_eq!(assemble(""), Ok(Vec::new()));
    assert_eq!(disassemble(&[blank()]), "000:\tnop\n");
    assert_eq!(assemble("000:\tnop\n"), Ok(vec![blank()]));
    // A leading byte-order mark is no text.
    assert_eq!(assemble("\u{feff}000:\tnop\n"), Ok(vec![blank()]));
}

/// A branch target outside the program is refused as text, at its line
/// and column; a word that has one (any word decodes) prints the branch's
/// own number with the real target in the note, and reads back the same.
#[test]
fn a_branch_target_outside_the_program_is_refused_as_text() {
    let text = "000:\tnop\n001:\tmov.p ^10 t[3].x\n\tbranch ^10 002\n";
    let err = assemble(text).unwrap_err();
    assert_eq!(
        (err.line, err.col, err.message.as_str()),
        (
            3,
            13,
            "branch target 002 is outside the program (instructions 000 to 001)"
        )
    );
    let inside = assemble(&text.replace("002", "000")).unwrap();
    let mut words = inside.clone();
    let target = FORMAT.field("branch_target").unwrap();
    target.write(&mut words[1], 0, 0x2c);
    set(&mut words[1], ix().branch_target_lo, 0);
    let printed = disassemble(&words);
    assert_eq!(
        printed,
        "000:\tnop\n001:\tmov.p ^10 t[3].x\n\tbranch ^10 001 {raw branch_target_lo=0 branch_target=44}\n"
    );
    assert_eq!(assemble(&printed), Ok(words));
    // Mesa's form of a target past 255: the program reaches it.
    let far: String = (0..=300).map(|i| format!("{i:03}:\tnop\n")).collect::<String>()
        + "301:\tmov.p ^1810 t[3].x\n\tbranch ^1810 300\n";
    let words = assemble(&far).unwrap();
    assert_eq!(disassemble(&words), far);
}

/// A xorshift generator (the tests need no dependency for it).
fn next(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

/// A word whose fields are often 0, all ones or a few small values, so
/// that units are idle, stores hit, and register numbers coincide with
/// the previous instruction's.
fn biased_word(x: &mut u64) -> u128 {
    let mut w = 0u128;
    for f in FORMAT.fields {
        let all = if f.width >= 64 { u64::MAX } else { (1 << f.width) - 1 };
        let v = match next(x) % 6 {
            0 => 0,
            1 => all,
            2 | 3 => (next(x) % 3) & all,
            _ => next(x) & all,
        };
        f.write(&mut w, 0, v);
    }
    w
}

/// What the printer works out that reading its text back gives (each
/// line's carry, the hooks', the registers resolved) is what reading the
/// text back gives, for biased random words at the start of a program and
/// further on, and for random words: the `{raw …}` notes are exact.
#[test]
fn carried_bits_are_what_reading_the_text_back_gives() {
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    let mut differing = 0;
    for n in 0..60_000 {
        let random = n % 5 == 0;
        let mut word = || {
            if random {
                u128::from(next(&mut x)) << 64 | u128::from(next(&mut x))
            } else {
                biased_word(&mut x)
            }
        };
        let (w, prev) = (word(), if n % 3 == 0 { 0 } else { word() });
        let i = match n % 4 {
            0 => 0,
            1 => 1 + (next(&mut x) % 2) as usize,
            _ => (next(&mut x) % 700) as usize,
        };
        let total = i + 1 + (next(&mut x) % 300) as usize;
        let mut out = String::new();
        let carried = mesa_text(&mut out, w, prev, i, total);
        let read = read_back(&out, prev, i);
        assert_eq!(
            carried, read,
            "word {w:#034x} after {prev:#034x} at {i} of {total}:\n{out}"
        );
        differing += usize::from(carried != w);
    }
    // Most words leave bits out of Mesa's text: the notes are exercised.
    assert!(differing > 30_000, "{differing}");
}

/// An annotation gives bits the lines do not show; one that changes what
/// they say is an error at the annotation.
#[test]
fn an_annotation_that_changes_what_the_lines_say_is_an_error() {
    let lines = "000:\tmul.m0 ^2/$0.y t[1].z a0.y\n\tmul.m1 ^3/$0.x t[1].y a0.y";
    let err = assemble(&format!("{lines} {{raw mul0_src0=5}}\n")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "2:29: the annotation changes `mul0_src0`, which the lines give: an annotation may only give bits the text does not show"
    );
}

/// An annotation names each field once (a second value would silently
/// win), and only fields the lines leave out.
#[test]
fn an_annotation_gives_each_field_once() {
    let lines = "000:\tmul.m0 ^2/$0.y t[1].z a0.y\n\tmul.m1 ^3/$0.x t[1].y a0.y";
    let err = assemble(&format!("{lines} {{raw register0_attr=1 register0_attr=1}}\n")).unwrap_err();
    assert_eq!(err.to_string(), "2:51: `register0_attr` is given twice in this note");
    assert!(assemble(&format!("{lines} {{raw register0_attr=1}}\n")).is_ok());
}

/// A note ends with its line: one without its `}` is an error at the end
/// of that line (it pointed at the `{`), even when a later line has one.
#[test]
fn an_unclosed_annotation_is_an_error_at_the_end_of_its_line() {
    let lines = "000:\tmul.m0 ^2/$0.y t[1].z a0.y\n\tmul.m1 ^3/$0.x t[1].y a0.y";
    for next in ["", "001:\tmul.m0 ^8/$0.z t[1].x a0.y {raw register0_attr=1}\n"] {
        let err = assemble(&format!("{lines} {{raw register0_attr=1\n{next}")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "2:50: expected `}` closing the `{raw …}` annotation, found end of line"
        );
    }
}

/// A branch whose target is outside the program prints as the
/// instruction's own number with the real target in the annotation, and
/// reads back; the same annotation naming a target inside the program is
/// refused (the text should say it).
#[test]
fn an_annotated_branch_target_must_be_outside_the_program() {
    let program = assemble("000:\tnop\n001:\tnop\n").unwrap();
    let mut words = program.clone();
    // A branch from instruction 1 to instruction 300: outside.
    let ix = ix();
    set(&mut words[1], ix.branch, 1);
    set(&mut words[1], ix.branch_target, 300 - 0x100);
    set(&mut words[1], ix.branch_target_lo, 0);
    let text = disassemble(&words);
    assert!(
        text.ends_with("001:\tbranch ^10 001 {raw branch_target_lo=0 branch_target=44}\n"),
        "{text}"
    );
    assert_eq!(assemble(&text).unwrap(), words);
    // The same lines with a target inside the program in the annotation.
    let inside = text
        .replace("branch_target=44", "branch_target=0")
        .replace("branch_target_lo=0", "branch_target_lo=1");
    let err = assemble(&inside).unwrap_err().to_string();
    assert!(
        err.contains("the annotation's branch target 000 is inside the program"),
        "{inside}\n{err}"
    );
}
