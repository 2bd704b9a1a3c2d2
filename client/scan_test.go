package client

import (
	"encoding/json"
	"testing"
)

// deltaSeeds are answer.delta data objects: the usual forms, and near misses the fast path
// must leave to encoding/json.
var deltaSeeds = []string{
	`{"id":"wsa_1","sequence_number":12,"delta":"word12, "}`,
	`{"delta":"a\"b\\n\/","id":"wsa_1","sequence_number":3}`,
	`{"id": "wsa_1", "sequence_number": 4, "delta": "spaced"}`,
	`{"answer_id":"a","id":"b","delta":"x","delta":"y"}`,
	`{}`, `{ }`, `{"delta":"\u00e9"}`, `{"Delta":"x"}`, `{"delta":"x","extra":1}`, `{"delta":null}`,
	`{"sequence_number":01}`, `{"sequence_number":1.5}`, `{"sequence_number":-0}`, `{"delta":"x"} x`,
	`{"delta":"x",}`, `{"delta":"x"`, `{"delta":"\x01"}`, `{"delta":"\xff"}`, `{"delta":"é"}`, ` {"delta":"x"}`,
}

// TestScanDelta pins what the fast path takes itself and what it leaves to encoding/json.
func TestScanDelta(t *testing.T) {
	for _, tc := range []struct {
		data string
		ok   bool
		want deltaData
	}{
		{`{"id":"wsa_1","sequence_number":12,"delta":"word12, "}`, true, deltaData{"wsa_1", "word12, ", 12}},
		{`{"delta":"a\"b\\n\/\n","id":"wsa_1","sequence_number":3}`, true, deltaData{"wsa_1", "a\"b\\n/\n", 3}},
		{`{"id": "wsa_1", "sequence_number": 4 , "delta": "s" }` + "\n", true, deltaData{"wsa_1", "s", 4}},
		{`{"answer_id":"a","id":"b","delta":"x","delta":"y"}`, true, deltaData{"a", "y", 0}},
		{`{}`, true, deltaData{}},
		{`{"delta":"é"}`, true, deltaData{delta: "é"}},
		{`{"delta":"\u00e9"}`, false, deltaData{}},
		{`{"Delta":"x"}`, false, deltaData{}},
		{`{"delta":"x","extra":1}`, false, deltaData{}},
		{`{"delta":null}`, false, deltaData{}},
		{`{"sequence_number":01}`, false, deltaData{}},
		{`{"sequence_number":1e3}`, false, deltaData{}},
		{`{"delta":"x"} x`, false, deltaData{}},
		{`{"delta":"x",}`, false, deltaData{}},
		{`{"delta":"x"`, false, deltaData{}},
		{"{\"delta\":\"\x01\"}", false, deltaData{}},
		{"{\"delta\":\"\xff\"}", false, deltaData{}},
		{``, false, deltaData{}},
	} {
		got, ok := scanDelta(tc.data)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("%q: got %+v %v, want %+v %v", tc.data, got, ok, tc.want, tc.ok)
		}
		checkScanDelta(t, tc.data)
	}
}

// FuzzScanDelta checks the answer.delta fast path against encoding/json: whatever it accepts,
// encoding/json accepts too and decodes to the same answer id, sequence number and delta.
func FuzzScanDelta(f *testing.F) {
	for _, s := range deltaSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) { checkScanDelta(t, data) })
}

// checkScanDelta fails when scanDelta accepts data that encoding/json refuses or reads otherwise.
func checkScanDelta(t *testing.T, data string) {
	t.Helper()
	d, ok := scanDelta(data)
	if !ok {
		return
	}
	var e eventData
	if err := json.Unmarshal([]byte(data), &e); err != nil {
		t.Fatalf("fast path accepted %q, encoding/json says %v", data, err)
	}
	want := deltaData{answerID: firstNonEmpty(e.AnswerID, e.ID), delta: e.Delta, seq: e.SequenceNumber}
	if d != want || e.Stage != "" || e.Status != "" || e.Sources != nil {
		t.Fatalf("%q: fast %+v, encoding/json %+v", data, d, e)
	}
}

// BenchmarkScanDelta reads the small answer.delta objects of recordedStream (one in four with
// an escape here, one in forty there).
func BenchmarkScanDelta(b *testing.B) {
	data := []string{`{"id":"wsa_1","sequence_number":12,"delta":"word12, "}`, `{"id":"wsa_1","sequence_number":13,"delta":"word13, "}`,
		`{"id":"wsa_1","sequence_number":14,"delta":"word14, "}`, `{"id":"wsa_1","sequence_number":240,"delta":"word240, \n"}`}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := scanDelta(data[i&3]); !ok {
			b.Fatal(data[i&3])
		}
	}
}

// TestSpecials8 checks the eight-byte classifier against a byte-by-byte one: every byte value
// in every position, among random neighbours.
func TestSpecials8(t *testing.T) {
	special := func(c byte) bool { return c == '"' || c == '\\' || c < 0x20 || c >= 0x80 }
	rng := uint64(0x9e3779b97f4a7c15)
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 8; pos++ {
			for r := 0; r < 64; r++ {
				rng ^= rng << 13
				rng ^= rng >> 7
				rng ^= rng << 17
				x := rng&^(0xff<<(8*pos)) | uint64(c)<<(8*pos)
				var want uint64
				for k := 0; k < 8; k++ {
					if special(byte(x >> (8 * k))) {
						want |= 0x80 << (8 * k)
					}
				}
				if got := specials8(x); got != want {
					t.Fatalf("specials8(%#016x) = %#016x, want %#016x", x, got, want)
				}
			}
		}
	}
}
