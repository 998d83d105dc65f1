//! Mesa text that would assemble to a program the disassembler cannot read
//! back: positioned errors.

use isa_lima_pp::mesa::{parse_program, parse_whole_program};

fn err(text: &str) -> String {
    match parse_whole_program(text) {
        Ok(p) => panic!("`{text}` assembled to {} instructions", p.len()),
        Err(e) => format!("{}:{}: {}", e.line, e.col, e.message),
    }
}

const MOV: &str = "mov.v1 $0 ^const0, const0 1.0 1.0 1.0 1.0";

#[test]
fn next_count_on_the_last_instruction_is_an_error() {
    assert_eq!(
        err("@ 0: mov.v1 $0 ^const0, const0 1.0 1.0 1.0 1.0, stop {raw control.next_count=1}\n"),
        "1:59: the last instruction announces a next one of 1 words (`next_count` must be 0 here)"
    );
    // Elsewhere the annotation is kept (the bits the text asks for), and an
    // instruction sequence (not a whole program) keeps it anywhere.
    parse_whole_program(&format!("{MOV} {{raw control.next_count=5}}\n{MOV}\n")).unwrap();
    parse_program(&format!("{MOV} {{raw control.next_count=1}}\n")).unwrap();
}
