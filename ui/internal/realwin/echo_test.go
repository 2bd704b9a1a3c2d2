//go:build realwindow

package realwin

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"lectern/ui/internal/tour"
)

// keyer sends keys and wheel steps to the display through testdata/xtest.py, one process that
// stays up, and says when each went to the X server.
type keyer struct {
	s   *session
	in  io.WriteCloser
	out *bufio.Scanner
}

// startKeyer starts the keyer on the session's display; it stops when the test ends.
func (s *session) startKeyer() *keyer {
	cmd := exec.Command(s.python, "testdata/xtest.py")
	cmd.Env = s.env()
	in, err := cmd.StdinPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("xtest.py: %v", err)
	}
	s.t.Cleanup(func() { _ = in.Close(); _ = cmd.Wait() })
	return &keyer{s: s, in: in, out: bufio.NewScanner(out)}
}

// send sends one command ("key x", "button 5") and returns when its event went out.
func (k *keyer) send(cmd string) time.Time {
	times := k.ask(cmd)
	if len(times) != 1 {
		k.s.t.Fatalf("xtest.py %s: %v", cmd, times)
	}
	return time.Unix(0, times[0])
}

// ask sends one command and returns the times its answer lists (Unix ns).
func (k *keyer) ask(cmd string) []int64 {
	if _, err := fmt.Fprintln(k.in, cmd); err != nil || !k.out.Scan() {
		k.s.t.Fatalf("xtest.py %s: %v %v", cmd, err, k.out.Err())
	}
	var times []int64
	for _, f := range strings.Fields(k.out.Text()) {
		ns, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			k.s.t.Fatalf("xtest.py %s: %s", cmd, k.out.Text())
		}
		times = append(times, ns)
	}
	return times
}

// watch starts noting each time the window win is drawn into on the X server.
func (k *keyer) watch(win string) { k.ask("watch " + win) }

// drawn returns the times the watched window was drawn into since the last call (Unix ns).
func (k *keyer) drawn() []int64 { return k.ask("drawn") }

// onScreen returns when each frame reached the window on the X server (0 when unknown). Each
// frame is painted, then swapped into the window, before the next is painted: so each frame's
// drawing is the first not taken by a frame before it that comes after its paint, however late
// its notice reached the keyer.
func onScreen(frames []Frame, drawn []int64) []int64 {
	out := make([]int64, len(frames))
	j := 0
	for i, f := range frames {
		for j < len(drawn) && drawn[j] <= f.Painted {
			j++
		}
		if j == len(drawn) {
			break
		}
		out[i], j = drawn[j], j+1
	}
	return out
}

// Issue 34's goals for the echo of a key typed in the question box while an answer streams, from
// the key's send to the first frame that shows it.
const (
	echoKeys    = 40 // keys typed while each stress answer streams
	echoP95Goal = 33 * time.Millisecond
	echoMaxGoal = 50 * time.Millisecond
)

// typedKey is a key typed in the question box: when it went out, and the length of the box's text
// once it is in.
type typedKey struct {
	sent   time.Time
	length int
}

// echoes types echoKeys keys ("x") in the question box at random moments while the answer to
// question (a stress question) streams, asking it again when it ends first, and returns the time
// from each key's send to the first frame painted with it in the box; a key no frame showed is
// counted as a minute. The answers shown whole are logged under name.
func (s *session) echoes(k *keyer, name, question string) []time.Duration {
	var echoes []time.Duration
	for round := 1; len(echoes) < echoKeys; round++ {
		if round > 10 {
			s.t.Fatalf("%s: only %d keys typed while ten answers streamed", name, len(echoes))
		}
		echoes = append(echoes, s.typeWhileStreaming(k, name, question, echoKeys-len(echoes))...)
	}
	return echoes
}

// typeWhileStreaming asks question, types up to n keys at random moments while its answer
// streams, waits until the answer is shown whole, and returns the keys' echoes.
func (s *session) typeWhileStreaming(k *keyer, name, question string, n int) []time.Duration {
	if err := s.ask("stream "+question, nil, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	if err := s.ask("focus", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	k.drawn() // forget the drawings before
	if err := s.ask("watch", nil, 5*time.Second); err != nil {
		s.t.Fatal(err)
	}
	length := len(s.state().Question)
	var keys []typedKey
	for a := s.answer(); a.Streaming && len(keys) < n; a = s.answer() {
		time.Sleep(time.Duration(10+rand.IntN(100)) * time.Millisecond) // a random moment, a frame to a few apart
		length++
		keys = append(keys, typedKey{sent: k.send("key x"), length: length})
	}
	a := s.waitAnswer()
	// The last key may have gone out as the answer ended: wait for the box to hold it, then a few
	// frames for it to be painted.
	held, ok := s.waitState(10*time.Second, func(st State) bool { return len(st.Question) >= length })
	s.check(name+"-keys-held", ok, "the question box holds %d characters once %d keys were typed after its %d",
		len(held.Question), len(keys), length-len(keys))
	time.Sleep(100 * time.Millisecond)
	var frames []Frame
	if err := s.ask("frames", &frames, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	drawn := k.drawn()
	s.check(name, a.Finished && a.Length == a.Want,
		"%d of %d bytes shown; streamed in %.0f ms (paced for %.0f ms); shown whole %.0f ms after the server's last event; %d keys typed meanwhile",
		a.Length, a.Want, a.StreamMs, ms(time.Duration(tour.StressPieces[question])*tour.StressPace), a.FinalMs, len(keys))
	s.key("ctrl+a", "BackSpace")
	// The next round counts its keys from the box's length: it must be read once the box is empty
	// (on a loaded machine the keys can still be on their way after s.key's pause).
	if _, ok := s.waitState(5*time.Second, func(st State) bool { return st.Question == "" }); !ok {
		s.check(name+"-cleared", false, "the question box is not empty 5 s after Ctrl+A, BackSpace")
	}
	shown := onScreen(frames, drawn)
	var swaps []time.Duration
	for i, f := range frames {
		if shown[i] != 0 {
			swaps = append(swaps, time.Duration(shown[i]-f.Painted))
		}
	}
	s.t.Logf("%s: %d frames painted, %d drawings into the window; painted to on the screen: median %.1f ms, max %.1f ms",
		name, len(frames), len(drawn), ms(percentile(swaps, 50)), ms(percentile(swaps, 100)))
	echoes := echoTimes(keys, frames, shown)
	for i, e := range echoes {
		if e == time.Minute {
			var lens []int
			for _, f := range frames {
				lens = append(lens, f.Length)
			}
			s.t.Logf("%s: key %d of %d (the box then %d bytes long) was shown in no frame; the frames showed %v", name, i+1, len(keys), keys[i].length, lens)
		}
	}
	return echoes
}

// echoTimes returns, for each key, the time from its send to the first frame showing the box's
// text at least as long as the key left it reaching the screen (shown: each frame's time on the
// screen); a minute when none did.
func echoTimes(keys []typedKey, frames []Frame, shown []int64) []time.Duration {
	out := make([]time.Duration, len(keys))
	for i, key := range keys {
		out[i] = time.Minute
		for j, f := range frames {
			if f.Length >= key.length && f.Painted >= key.sent.UnixNano() {
				if shown[j] != 0 {
					out[i] = time.Duration(shown[j] - key.sent.UnixNano())
				}
				break
			}
		}
	}
	return out
}

// waitAnswer waits up to two minutes for the answer asked with stream to be shown whole.
func (s *session) waitAnswer() Answer {
	deadline := time.Now().Add(2 * time.Minute)
	a := s.answer()
	for ; !a.Finished && time.Now().Before(deadline); a = s.answer() {
		time.Sleep(50 * time.Millisecond)
	}
	return a
}

// answer returns how the answer asked with stream goes.
func (s *session) answer() Answer {
	var a Answer
	if err := s.ask("answer", &a, 10*time.Second); err != nil {
		s.t.Fatal(err)
	}
	return a
}

// percentile returns the p-th percentile of ds (nearest rank), 0 for none.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	i := int(p/100*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
