//! Progress of long runs (`exhaustive`, `fuzz`): a bar with the rate and
//! the time left when standard error is a terminal, and otherwise a plain
//! line every [`LINE_EVERY`] (logs, CI), so that a quarter-hour sweep is
//! never silent.
//!
//! The count is set, not added to per item: the sweeps set it from a
//! thread of their own that reads the counter they already had (the next
//! chunk to claim), so progress adds nothing to their loops.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How often the plain progress line is printed.
pub const LINE_EVERY: Duration = Duration::from_secs(10);

/// What is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Items (words, combinations): shown with a rate.
    Items,
    /// Seconds of a run of fixed length.
    Seconds,
}

/// One long piece of work.
pub struct Progress {
    state: Arc<State>,
    stop: Option<mpsc::Sender<()>>,
    watcher: Option<JoinHandle<()>>,
}

struct State {
    label: String,
    total: u64,
    unit: Unit,
    /// Units done.
    done: AtomicU64,
    message: Mutex<String>,
    start: Instant,
}

impl Progress {
    /// Starts showing progress of `total` units of `label` on standard
    /// error. A thread reads the count (a bar redrawn four times a second,
    /// or a line every [`LINE_EVERY`]): the workers only add to it.
    pub fn new(label: &str, total: u64, unit: Unit) -> Self {
        let state = Arc::new(State {
            label: label.to_string(),
            total,
            unit,
            done: AtomicU64::new(0),
            message: Mutex::new(String::new()),
            start: Instant::now(),
        });
        let bar = std::io::stderr().is_terminal().then(|| {
            let template = match unit {
                Unit::Items => {
                    "{prefix} [{elapsed_precise}] {wide_bar} {percent:>3}% {human_pos}/{human_len} \
                     ({rate}, {eta} left) {msg}"
                }
                Unit::Seconds => "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} s ({eta} left) {msg}",
            };
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr_with_hz(4))
                .with_prefix(label.to_string());
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(
                    style.with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}/s", human(state.per_sec()));
                    }),
                );
            }
            bar
        });
        let (stop, stopped) = mpsc::channel::<()>();
        let shared = Arc::clone(&state);
        let watcher = std::thread::spawn(move || {
            let tick = if bar.is_some() {
                Duration::from_millis(250)
            } else {
                LINE_EVERY
            };
            // Until `finish` drops the sender.
            while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(tick) {
                match &bar {
                    Some(bar) => {
                        bar.set_position(shared.done.load(Ordering::Relaxed).min(shared.total));
                        if let Ok(m) = shared.message.lock() {
                            bar.set_message(m.clone());
                        }
                    }
                    None => eprintln!("{}", shared.line()),
                }
            }
            if let Some(bar) = bar {
                bar.finish_and_clear();
            }
        });
        Progress {
            state,
            stop: Some(stop),
            watcher: Some(watcher),
        }
    }

    /// Sets the units done.
    pub fn set(&self, done: u64) {
        self.state.done.store(done, Ordering::Relaxed);
    }

    /// Sets the text shown after the numbers.
    pub fn message(&self, text: String) {
        if let Ok(mut m) = self.state.message.lock() {
            *m = text;
        }
    }

    /// Stops showing progress (the bar is cleared: the caller prints the
    /// result).
    pub fn finish(mut self) {
        self.stop_now();
    }

    fn stop_now(&mut self) {
        drop(self.stop.take());
        if let Some(watcher) = self.watcher.take() {
            let _ = watcher.join();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.stop_now();
    }
}

impl State {
    fn line(&self) -> String {
        let message = self.message.lock().map(|m| m.clone()).unwrap_or_default();
        status_line(
            &self.label,
            self.done.load(Ordering::Relaxed),
            self.total,
            self.unit,
            self.start.elapsed(),
            &message,
        )
    }
}

/// The plain progress line: `label: 12.5% (done of total), rate/s, about
/// 3 min left; message`.
pub fn status_line(label: &str, done: u64, total: u64, unit: Unit, elapsed: Duration, message: &str) -> String {
    let done = done.min(total);
    let percent = if total == 0 {
        100.0
    } else {
        done as f64 * 100.0 / total as f64
    };
    let secs = elapsed.as_secs_f64();
    let mut line = match unit {
        Unit::Items => format!("{label}: {percent:.1}% ({done} of {total})"),
        Unit::Seconds => format!("{label}: {done} of {total} s"),
    };
    if unit == Unit::Items && secs > 0.0 {
        line.push_str(&format!(", {}/s", human(done as f64 / secs)));
    }
    if done > 0 && done < total {
        let left = secs * (total - done) as f64 / done as f64;
        line.push_str(&format!(", about {} left", duration(left)));
    }
    if !message.is_empty() {
        line.push_str("; ");
        line.push_str(message);
    }
    line
}

/// 1234567.0 as `1.23M`.
fn human(x: f64) -> String {
    match x {
        x if x >= 1e9 => format!("{:.2}G", x / 1e9),
        x if x >= 1e6 => format!("{:.2}M", x / 1e6),
        x if x >= 1e3 => format!("{:.1}k", x / 1e3),
        x => format!("{x:.0}"),
    }
}

/// Seconds as `42 s`, `3 min 5 s` or `1 h 2 min`.
fn duration(secs: f64) -> String {
    let s = secs.round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_lines_say_how_far_how_fast_and_how_long() {
        let line = status_line(
            "lima-pp control words",
            1 << 30,
            1 << 32,
            Unit::Items,
            Duration::from_secs(225),
            "",
        );
        assert_eq!(
            line,
            "lima-pp control words: 25.0% (1073741824 of 4294967296), 4.77M/s, about 11 min 15 s left"
        );
        let line = status_line("fuzz pica", 40, 60, Unit::Seconds, Duration::from_secs(40), "9000 runs");
        assert_eq!(line, "fuzz pica: 40 of 60 s, about 20 s left; 9000 runs");
        assert_eq!(
            status_line("x", 5, 5, Unit::Items, Duration::from_secs(1), ""),
            "x: 100.0% (5 of 5), 5/s"
        );
        assert_eq!(duration(7300.0), "2 h 1 min");
    }

    #[test]
    fn progress_starts_and_stops() {
        let p = Progress::new("test", 100, Unit::Items);
        p.set(40);
        p.message("forty".into());
        assert_eq!(p.state.done.load(Ordering::Relaxed), 40);
        assert!(
            p.state.line().starts_with("test: 40.0% (40 of 100)"),
            "{}",
            p.state.line()
        );
        assert!(p.state.line().ends_with("; forty"), "{}", p.state.line());
        p.finish();
    }
}
