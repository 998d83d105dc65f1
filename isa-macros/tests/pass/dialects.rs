// Two dialects over one format: each `text DIALECT.GROUP` line belongs to
// its dialect only, groups of one dialect are selected and printed by
// their own conditions, and the metadata lists the dialects.
use isa_runtime::layout::Field;
use isa_runtime::lexer::Cursor;
use isa_runtime::text::{dialect_texts, parse_text, select_text, write_text, TextError, TextHooks};

isa_macros::isa!(inline = "
isa toy {
    word 32
    dialect terse    /// one letter per operation
    dialect verbose  /// whole words
}
enum Op : 2 open {
    attr args u = 2
    add = 0 \"add\"
    sub = 1 \"sub\" args=1
}
format F : 32 {
    op 0..=1 Op
    neg 2 bool
    a 3..=31 u
    syntax \"{op} {neg:'-'}{a}\"
    text terse.op when op == add default neg = 1 \"+{a}\"
    text terse.op when op == sub \"-{a}\"
    text verbose.op when op is named \"{op} {neg:'minus '}{a}\"
    text verbose.op when op is unnamed \"op{op} {a}\"
    text verbose.tail when neg \"{@tail}\"
}
layout G : 32 {
    op 0..=1 Op
    abs 2 bool
    en 3 bool
    m 4..=7 u
    a 8..=31 u
    syntax \"{op} {abs:'abs '}{en:'en '}{m} {a}\"
    text terse.g when op.args == 1 \"{op:d}  {m?{m} }{abs:'abs('}{a}{abs:')'}{en? +}\"
}
");

/// Prints a hook as its name and reads it back.
struct NameHooks;

impl TextHooks<u32> for NameHooks {
    fn write_hook(&mut self, out: &mut dyn core::fmt::Write, hook: &str, _: Option<&Field>, _: &u32) -> core::fmt::Result {
        out.write_str(hook)
    }

    fn parse_hook<'a>(&mut self, cur: &mut Cursor<'a>, hook: &str, _: Option<&Field>, _: &mut u32) -> Result<(), TextError<'a>> {
        if cur.eat(hook) {
            Ok(())
        } else {
            Err(cur.expected(hook).into())
        }
    }
}

fn print(dialect: &str, group: &str, word: u32) -> Option<String> {
    let format = &__layout::LAYOUT_F;
    let t = select_text(format, dialect, group, &word)?;
    let mut out = String::new();
    write_text(&mut out, format, t, &word, &mut NameHooks).unwrap();
    Some(out)
}

fn main() {
    let names: Vec<&str> = LAYOUT.dialects.iter().map(|d| d.name).collect();
    assert_eq!(names, ["terse", "verbose"]);
    assert_eq!(LAYOUT.dialect("verbose").map(|d| d.doc), Some("whole words"));
    assert!(LAYOUT.dialect("syntax").is_none());
    let format = &__layout::LAYOUT_F;
    assert_eq!(dialect_texts(format, "terse").count(), 2);
    assert_eq!(dialect_texts(format, "verbose").count(), 3);

    let sub_neg_5: u32 = 1 | 1 << 2 | 5 << 3;
    assert_eq!(print("terse", "op", sub_neg_5).as_deref(), Some("-5"));
    assert_eq!(print("verbose", "op", sub_neg_5).as_deref(), Some("sub minus 5"));
    assert_eq!(print("verbose", "tail", sub_neg_5).as_deref(), Some("tail"));
    assert_eq!(print("verbose", "tail", 0), None);
    assert_eq!(print("terse", "op", 3 | 7 << 3), None); // unnamed: terse has no alternative
    assert_eq!(print("verbose", "op", 3 | 7 << 3).as_deref(), Some("op3 7"));
    assert_eq!(print("nosuch", "op", 0), None);

    // Groups, repeated flags, attribute conditions, `d` and a run of spaces.
    let g = &__layout::LAYOUT_G;
    let t = &g.texts[0];
    let word = |op: u32, abs: u32, en: u32, m: u32, a: u32| op | abs << 2 | en << 3 | m << 4 | a << 8;
    let cases = [
        (word(1, 1, 1, 3, 5), "1  3 abs(5) +"),
        (word(1, 0, 0, 0, 7), "1  7"),
        (word(1, 1, 0, 0, 9), "1  abs(9)"),
        (word(1, 0, 1, 15, 0), "1  15 0 +"),
    ];
    for (w, text) in cases {
        assert!(t.holds(g, &w, 0));
        let mut out = String::new();
        write_text(&mut out, g, t, &w, &mut NameHooks).unwrap();
        assert_eq!(out, text);
        // Parsed back from the text (the group tried present, then absent:
        // `1 7` is not `m = 7` with `a` missing).
        let mut back = 0u32;
        parse_text(&mut Cursor::new(text), g, t, &mut back, &mut NameHooks).unwrap();
        assert_eq!(back, w, "{text}");
    }
    // `op.args == 1` holds for `sub` only; never for a value the enum does not name.
    assert!(!t.holds(g, &word(0, 0, 0, 0, 1), 0));
    assert!(!t.holds(g, &word(3, 0, 0, 0, 1), 0));
    let err = parse_text(&mut Cursor::new("0  1"), g, t, &mut 0u32, &mut NameHooks).unwrap_err();
    assert!(err.to_string().contains("`args` is 1"), "{err}");
    // An unclosed `abs(` is an error, not a silently cleared flag.
    assert!(parse_text(&mut Cursor::new("1  abs(4"), g, t, &mut 0u32, &mut NameHooks).is_err());

    // Parsing an alternative writes what its conditions pin.
    let t = select_text(format, "terse", "op", &sub_neg_5).unwrap();
    let mut word = 0u32;
    parse_text(&mut Cursor::new("-9"), format, t, &mut word, &mut NameHooks).unwrap();
    assert_eq!(word, 1 | 9 << 3);
    // …and its `default`s, for fields the text does not give (printing
    // ignores them).
    let t = select_text(format, "terse", "op", &0u32).unwrap();
    let mut word = 0u32;
    parse_text(&mut Cursor::new("+9"), format, t, &mut word, &mut NameHooks).unwrap();
    assert_eq!(word, 1 << 2 | 9 << 3);
    assert_eq!(print("terse", "op", 1 << 2 | 9 << 3).as_deref(), Some("+9"));
    assert_eq!(t.defaults, &[(1, 1)]);
}
