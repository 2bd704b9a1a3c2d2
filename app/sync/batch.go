package sync

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"

	"lectern/app/store/syncrec"
)

// FormatVersion is the version of the batch and manifest format this Lectern writes and reads;
// a file of a later one is refused, never half-read.
const FormatVersion = 1

// maxBatch is the most a batch may hold once opened (1 GiB): a bound on memory, not a limit
// any round reaches.
const maxBatch = 1 << 30

// header is a batch's first line.
type header struct {
	Format int    `json:"lectern_sync"`
	Device string `json:"device"`
}

// manifest lists a device's batches, oldest first, so that a round reads only the new ones.
type manifest struct {
	Format  int      `json:"lectern_sync"`
	Device  string   `json:"device"`
	Batches []string `json:"batches"`
}

// newerError says a file was written by a newer Lectern.
func newerError(format int) error {
	return fmt.Errorf("it was written by a newer Lectern (sync format %d; this one reads %d): update Lectern on this computer", format, FormatVersion)
}

// versionPattern is a version: wall and counter in hex, then a device id.
var versionPattern = regexp.MustCompile(`^[0-9a-f]{18}[0-9a-f]{1,64}$`)

// batchWriter encodes records as JSON lines, gzip-compressed.
type batchWriter struct {
	buf bytes.Buffer
	gz  *gzip.Writer
	enc *json.Encoder
	n   int
}

// newBatchWriter starts a batch of device.
func newBatchWriter(device string) *batchWriter {
	w := &batchWriter{}
	w.gz = gzip.NewWriter(&w.buf)
	w.enc = json.NewEncoder(w.gz)
	_ = w.enc.Encode(header{Format: FormatVersion, Device: device})
	return w
}

// add appends one record.
func (w *batchWriter) add(r syncrec.SyncRecord) error {
	w.n++
	return w.enc.Encode(r)
}

// bytes ends the batch and returns it, compressed.
func (w *batchWriter) bytes() ([]byte, error) {
	if err := w.gz.Close(); err != nil {
		return nil, err
	}
	return w.buf.Bytes(), nil
}

// readBatch decodes an opened batch whole: a batch of a newer format, or one that does not
// decode, returns an error and no record.
func readBatch(plain []byte) ([]syncrec.SyncRecord, error) {
	gz, err := gzip.NewReader(bytes.NewReader(plain))
	if err != nil {
		return nil, fmt.Errorf("it is not a sync batch (%v)", err)
	}
	d := json.NewDecoder(bufio.NewReader(io.LimitReader(gz, maxBatch)))
	d.UseNumber()
	var h header
	if err := d.Decode(&h); err != nil || h.Format == 0 {
		return nil, fmt.Errorf("it is not a sync batch (no header: %v)", err)
	}
	if h.Format > FormatVersion {
		return nil, newerError(h.Format)
	}
	var recs []syncrec.SyncRecord
	for {
		var r syncrec.SyncRecord
		err := d.Decode(&r)
		if errors.Is(err, io.EOF) {
			return recs, nil
		}
		if err != nil {
			return nil, fmt.Errorf("record %d does not decode (%v)", len(recs)+1, err)
		}
		if !versionPattern.MatchString(r.Version) || r.UID == "" {
			return nil, fmt.Errorf("record %d has no uid or a malformed version %q", len(recs)+1, r.Version)
		}
		recs = append(recs, r)
	}
}

// readManifest decodes an opened manifest.
func readManifest(plain []byte) (manifest, error) {
	var m manifest
	if err := json.Unmarshal(plain, &m); err != nil || m.Format == 0 {
		return m, fmt.Errorf("it is not a sync manifest (%v)", err)
	}
	if m.Format > FormatVersion {
		return m, newerError(m.Format)
	}
	for _, b := range m.Batches {
		if !namePattern.MatchString(b) {
			return m, fmt.Errorf("it names a batch %q that is not a batch's name", b)
		}
	}
	return m, nil
}
