//! The generated suite of a made-up bundle whose units can be invalid in
//! every way (`specs/checked_bundle.isa`): above all, instruction views
//! report exactly the errors of the eager decoder on random and damaged
//! programs.

mod checked {
    isa_macros::isa!(file = "specs/checked_bundle.isa");
}

isa_macros::isa_tests!(
    file = "specs/checked_bundle.isa",
    module = crate::checked,
    random_words = 20_000
);

/// The control fields that the `derive` lines compute, by rule, and the
/// units by name (mutation survivors of `isa-runtime`: no toy suite
/// looked them up).
#[test]
fn derived_control_fields_are_found_by_rule() {
    use isa_runtime::layout::DeriveRule;
    let packed = checked::LAYOUT.packed.expect("a presence-mask bundle");
    let derived = |rule| packed.derived(rule).map(|f| f.name);
    assert_eq!(derived(DeriveRule::Words), Some("count"));
    assert_eq!(derived(DeriveRule::NextWords), Some("next"));
    assert_eq!(derived(DeriveRule::NotLast), Some("more"));
    // Units by name.
    for unit in packed.units {
        assert_eq!(packed.unit(unit.name).map(|u| u.enable), Some(unit.enable));
    }
    assert!(packed.unit("nope").is_none());
}

/// The bundle checks the generated suites run catch a wrong codec: run on
/// this bundle through a wrapper whose encoder flips a bit, or whose parse
/// errors are misplaced, they fail (mutation survivors of `isa-runtime`:
/// with the body of `check_program`, `random_programs` or `random_text`
/// taken out, every toy suite still passed).
mod the_bundle_checks_catch_a_wrong_codec {
    use generated_tests::check::packed as check;
    use generated_tests::fails;
    use isa_runtime::{DecodeError, IsaLayout, PackedIsa};

    use super::checked::{Checked, LAYOUT};

    type Instr = <Checked as PackedIsa>::Instruction;

    /// The bundle with an encoder that flips bit 31 of each instruction's
    /// last word.
    struct FlipsBit31;

    impl PackedIsa for FlipsBit31 {
        type Instruction = Instr;
        const LAYOUT: &'static IsaLayout = &LAYOUT;
        fn decode(words: &[u32]) -> Result<(Instr, usize), DecodeError> {
            Checked::decode(words)
        }
        fn encode_into(insn: &Instr, out: &mut Vec<u32>) {
            Checked::encode_into(insn, out);
            if let Some(last) = out.last_mut() {
                *last ^= 1 << 31;
            }
        }
        fn decode_program(words: &[u32]) -> Result<Vec<Instr>, DecodeError> {
            Checked::decode_program(words)
        }
        fn derive(program: &mut [Instr]) {
            Checked::derive(program)
        }
        type View<'a> = <Checked as PackedIsa>::View<'a>;
        fn decode_view(words: &[u32]) -> Result<(Self::View<'_>, usize), DecodeError> {
            Checked::decode_view(words)
        }
        fn decode_program_views(words: &[u32]) -> Result<Vec<Self::View<'_>>, DecodeError> {
            Checked::decode_program_views(words)
        }
        fn view_to_instr(view: &Self::View<'_>) -> Instr {
            Checked::view_to_instr(view)
        }
    }

    /// A bundle instruction whose parse errors point past the line's end.
    #[derive(Clone, PartialEq, Debug)]
    struct Misplaced(Instr);

    impl std::fmt::Display for Misplaced {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.fmt(f)
        }
    }

    impl std::str::FromStr for Misplaced {
        type Err = isa_runtime::ParseError;
        fn from_str(text: &str) -> Result<Self, isa_runtime::ParseError> {
            text.parse()
                .map(Misplaced)
                .map_err(|e: isa_runtime::ParseError| isa_runtime::ParseError {
                    col: text.chars().count() + 2,
                    ..e
                })
        }
    }

    /// The bundle whose text errors are misplaced.
    struct MisplacedErrors;

    impl PackedIsa for MisplacedErrors {
        type Instruction = Misplaced;
        const LAYOUT: &'static IsaLayout = &LAYOUT;
        fn decode(words: &[u32]) -> Result<(Misplaced, usize), DecodeError> {
            Checked::decode(words).map(|(insn, n)| (Misplaced(insn), n))
        }
        fn encode_into(insn: &Misplaced, out: &mut Vec<u32>) {
            Checked::encode_into(&insn.0, out)
        }
        fn decode_program(words: &[u32]) -> Result<Vec<Misplaced>, DecodeError> {
            Ok(Checked::decode_program(words)?.into_iter().map(Misplaced).collect())
        }
        fn derive(program: &mut [Misplaced]) {
            let mut inner: Vec<Instr> = program.iter().map(|m| m.0.clone()).collect();
            Checked::derive(&mut inner);
            for (m, insn) in program.iter_mut().zip(inner) {
                m.0 = insn;
            }
        }
        type View<'a> = <Checked as PackedIsa>::View<'a>;
        fn decode_view(words: &[u32]) -> Result<(Self::View<'_>, usize), DecodeError> {
            Checked::decode_view(words)
        }
        fn decode_program_views(words: &[u32]) -> Result<Vec<Self::View<'_>>, DecodeError> {
            Checked::decode_program_views(words)
        }
        fn view_to_instr(view: &Self::View<'_>) -> Misplaced {
            Misplaced(Checked::view_to_instr(view))
        }
    }

    #[test]
    fn each_check_fails_on_the_broken_codec_and_passes_on_the_right_one() {
        assert!(fails(|| check::random_programs::<FlipsBit31>(20)));
        check::random_programs::<Checked>(20);
        assert!(fails(|| check::random_text::<MisplacedErrors>(200)));
        check::random_text::<Checked>(200);
        assert!(fails(|| check::corrupt_programs::<FlipsBit31>(300)));
        check::corrupt_programs::<Checked>(300);
        assert!(fails(check::unit_fields::<FlipsBit31>));
        check::unit_fields::<Checked>();
        let units = LAYOUT.packed.expect("a bundle").units.iter().map(|u| u.name);
        let units: Vec<&str> = units.collect();
        let formats: Vec<&str> = LAYOUT.formats.iter().map(|f| f.name).collect();
        check::layout_lists::<Checked>(&units, &formats);
        assert!(fails(|| check::layout_lists::<Checked>(&units[1..], &formats)));
    }
}
