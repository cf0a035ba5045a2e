//! Two programs playing a game (an interactive problem): each one's stdout is the other's
//! stdin, relayed (with a transcript) or wired, each under its own limits.

use sandbox::{Executor, Exit, Interaction, Kill, Party, Program, Rules, Side};

use crate::{limits, sandbox, shell};

/// The interactor asks for the double of 21: exit 0 for 42, 43 for anything else.
fn interactor() -> Program {
    shell("echo 21; read answer; [ \"$answer\" = 42 ] && exit 0; exit 43")
}

fn play(solution: &Program, transcript: Option<usize>) -> Interaction {
    sandbox()
        .run_interactive(
            Party {
                program: solution,
                limits: limits(2000),
                output_cap: 1 << 20,
            },
            Party {
                program: &interactor(),
                limits: limits(2000),
                output_cap: 1 << 20,
            },
            &|_| false,
            transcript,
            Rules::CloseAndIdle,
        )
        .unwrap()
}

/// The transcript's parts, joined by side in order.
fn dialogue(game: &Interaction) -> Vec<(Side, Vec<u8>)> {
    let mut parts: Vec<(Side, Vec<u8>)> = Vec::new();
    for e in game.transcript.as_ref().expect("a relayed game").parts() {
        match parts.last_mut() {
            Some((side, bytes)) if *side == e.from => bytes.extend_from_slice(&e.bytes),
            _ => parts.push((e.from, e.bytes.clone())),
        }
    }
    parts
}

#[test]
fn a_relayed_game_carries_each_sides_bytes_and_keeps_the_dialogue() {
    let game = play(&shell("read x; echo $((x * 2))"), Some(1 << 10));
    assert_eq!(game.interactor.exit, Exit::Code(0), "{game:?}");
    assert_eq!(game.solution.exit, Exit::Code(0), "{game:?}");
    assert_eq!(game.solution.killed, None, "{game:?}");
    assert_eq!(
        dialogue(&game),
        vec![
            (Side::Interactor, b"21\n".to_vec()),
            (Side::Solution, b"42\n".to_vec())
        ]
    );
}

#[test]
fn a_wired_game_carries_the_same_bytes_without_a_transcript() {
    let game = play(&shell("read x; echo $((x * 2))"), None);
    assert_eq!(game.interactor.exit, Exit::Code(0), "{game:?}");
    assert_eq!(game.solution.exit, Exit::Code(0), "{game:?}");
    assert!(game.transcript.is_none());
}

/// A wrong answer reaches the interactor as it was written: its exit says so.
#[test]
fn a_wrong_answer_is_the_interactors_to_judge() {
    let wrong = shell("read x; echo $((x * 3))");
    for transcript in [Some(1 << 10), None] {
        let game = play(&wrong, transcript);
        assert_eq!(game.interactor.exit, Exit::Code(43), "{game:?}");
        assert_eq!(game.solution.exit, Exit::Code(0), "{game:?}");
    }
    let game = play(&wrong, Some(1 << 10));
    assert_eq!(dialogue(&game)[1], (Side::Solution, b"63\n".to_vec()));
}

/// Both sides waiting for each other, nothing in flight: the game is stopped as idle, both
/// sides killed for it (judging's ILE), long before either one's wall-clock backstop.
#[test]
fn two_sides_waiting_for_each_other_are_stopped_as_idle() {
    let t = std::time::Instant::now();
    let game = sandbox()
        .run_interactive(
            Party {
                program: &shell("read x"),
                limits: limits(2000),
                output_cap: 1 << 20,
            },
            Party {
                program: &shell("read y"),
                limits: limits(2000),
                output_cap: 1 << 20,
            },
            &|_| false,
            Some(1 << 10),
            Rules::CloseAndIdle,
        )
        .unwrap();
    assert_eq!(game.solution.killed, Some(Kill::Idle), "{game:?}");
    assert_eq!(game.interactor.killed, Some(Kill::Idle), "{game:?}");
    assert!(
        t.elapsed() < sandbox::wall_limit(&limits(2000)),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(dialogue(&game), vec![]);
}
