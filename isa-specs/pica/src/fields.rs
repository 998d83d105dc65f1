//! Operand fields by their spec names, for the layers that fill them in
//! after choosing an instruction (descriptor indices, branch targets): the
//! bits come from the instruction's format in `LAYOUT`, so any opcode whose
//! format has the field works, and none is listed here.

use isa_runtime::layout::Field;

use super::Instruction;

/// Field `name` of `insn`'s format, if it has one.
fn field(insn: &Instruction, name: &str) -> Option<&'static Field> {
    insn.opcode()?.format.field(name)
}

/// Sets field `name` of `insn` to `value`. `false` (and `insn` unchanged)
/// when the instruction's format has no such field, the value does not fit
/// it, or the result would not decode.
pub fn set(insn: &mut Instruction, name: &str, value: u64) -> bool {
    let Some(field) = field(insn, name) else {
        return false;
    };
    if field.width < 64 && value >> field.width != 0 {
        return false;
    }
    let mut word = insn.encode();
    field.write(&mut word, 0, value);
    match Instruction::decode(word) {
        Ok(changed) => {
            *insn = changed;
            true
        }
        Err(_) => false,
    }
}

/// The width in bits of field `name` of `insn`'s format, if it has one.
pub fn width(insn: &Instruction, name: &str) -> Option<u32> {
    Some(field(insn, name)?.width)
}

/// The value of field `name` of `insn`, if its format has that field.
pub fn get(insn: &Instruction, name: &str) -> Option<u64> {
    Some(field(insn, name)?.read(&insn.encode(), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_by_name() {
        let mut mad = Instruction::decode(0xE000_0000).unwrap();
        assert!(set(&mut mad, "desc", 31));
        assert_eq!(get(&mad, "desc"), Some(31));
        assert!(!set(&mut mad, "desc", 32), "mad's descriptor index has 5 bits");
        assert_eq!(get(&mad, "desc"), Some(31));
        let mut nop = Instruction::decode(0x21 << 26).unwrap();
        assert!(!set(&mut nop, "desc", 1));
        assert_eq!(get(&nop, "desc"), None);
    }
}
