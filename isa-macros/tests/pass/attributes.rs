// Per-opcode attributes: declared in `isa`, set on opcode lines, exposed as
// the typed `OpcodeAttrs` (with defaults filled in) and in `LAYOUT`.
mod toy {
    isa_macros::isa!(inline = "
isa toy {
    word 32
    fallback \".word\"
    attr privileged             /// needs supervisor mode
    attr since Level = base     /// the first level that has it
    attr cycles u = 1           /// issue cycles
    attr pair opcode            /// the opcode this one pairs with
}
/// ISA levels.
enum Level : 2 {
    attr rank u = 0     /// how far up the level is
    attr preview        /// not final yet
    base = 0 \"base\"
    ext  = 2 \"ext\" rank=3 preview
}
format F : 32 {
    dst    0..=12  u
    src    13..=25 u
    opcode 26..=31 opcode
    syntax \"{dst}, {src}\"
}
opcodes {
    mov   0 F
    halt  1 F privileged cycles=4
    fma   2 F since=ext cycles=0x2 pair=mov
}
");
}

fn main() {
    use toy::*;
    assert_eq!(
        OpcodeAttrs::ALL,
        [
            OpcodeAttrs { privileged: false, since: Level::Base, cycles: 1, pair: None },
            OpcodeAttrs { privileged: true, since: Level::Base, cycles: 4, pair: None },
            OpcodeAttrs { privileged: false, since: Level::Ext, cycles: 2, pair: Some("mov") },
        ]
    );
    let halt: Instruction = "halt 1, 2".parse().unwrap();
    assert_eq!(halt.attrs().map(|a| a.privileged), Some(true));
    assert_eq!(Instruction::Unknown(63 << 26).attrs(), None);
    let fma = LAYOUT.opcode("fma").unwrap();
    assert_eq!(OpcodeAttrs::of(fma).map(|a| a.since), Some(Level::Ext));
    assert_eq!(LAYOUT.attr(fma, "since"), Some(2));
    assert_eq!(LAYOUT.attr(fma, "nope"), None);
    let names: Vec<&str> = LAYOUT.attrs.iter().map(|a| a.name).collect();
    assert_eq!(names, ["privileged", "since", "cycles", "pair"]);
    assert_eq!(LAYOUT.attr(fma, "pair"), Some(1), "mov's index + 1");
    assert_eq!(LAYOUT.attrs[0].doc, "needs supervisor mode");
    let settings: Vec<String> = LAYOUT
        .attrs
        .iter()
        .zip(fma.attrs)
        .filter_map(|(a, &v)| a.setting(&LAYOUT, v))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(settings, ["since=ext", "cycles=2", "pair=mov"]);

    // Enum attributes: const fns of the values (defaults for unnamed ones),
    // and the same values in the metadata.
    const RANK: u64 = Level::Ext.rank();
    assert_eq!((RANK, Level::Base.rank(), Level::Ext.preview()), (3, 0, true));
    assert_eq!((Level::Base.spelling(), Level::Ext.spelling()), ("base", "ext"));
    let level = LAYOUT.enums.iter().find(|e| e.name == "Level").unwrap();
    assert_eq!(level.attrs.iter().map(|a| a.name).collect::<Vec<_>>(), ["rank", "preview"]);
    assert_eq!(level.values[1].attrs, [3, 1]);

    // The per-format API: the format's metadata, its fields from any
    // instruction of it, and the instruction of an opcode of it.
    assert!(core::ptr::eq(fma.format, F::FORMAT));
    let fields = *halt.as_f().unwrap();
    assert_eq!(fields.into_instruction(fma).map(|i| i.to_string()).as_deref(), Some("fma 1, 2"));
    assert_eq!(Instruction::Unknown(63 << 26).as_f(), None);
}
