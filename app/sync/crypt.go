package sync

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"filippo.io/age"
)

// DefaultWorkFactor is the scrypt cost (log2 N) of every file sealed: each file has its own salt,
// so each is a derivation of its own when written and read. age's default (18: about a second and
// 256 MiB) would make a round of a few files take seconds and a quarter gigabyte; 15 takes about a
// tenth of that (32 MiB) and still makes each guess of a passphrase cost the same.
const DefaultWorkFactor = 15

// maxWorkFactor is the highest cost a file may ask for when read: a file asking more is not
// Lectern's (and would take minutes and gigabytes to open).
const maxWorkFactor = 20

// ErrWrongPassphrase says that the target's files were sealed under another passphrase.
var ErrWrongPassphrase = errors.New("the sync passphrase does not open the files in the sync target: type the passphrase you chose on your other computer (nothing was applied)")

// ErrNoPassphrase says that no passphrase was given.
var ErrNoPassphrase = errors.New("no sync passphrase is set: choose one (the same on every computer) to encrypt what is synced")

// sealer encrypts what goes to the target, and opens what comes from it, under the passphrase
// (age's scrypt recipient: the target sees only ciphertext).
type sealer struct {
	passphrase string
	workFactor int
}

// seal encrypts plain.
func (s sealer) seal(plain []byte) ([]byte, error) {
	r, err := age.NewScryptRecipient(s.passphrase)
	if err != nil {
		return nil, ErrNoPassphrase
	}
	r.SetWorkFactor(s.workFactor)
	var out bytes.Buffer
	w, err := age.Encrypt(&out, r)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(plain); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// open decrypts sealed whole: a wrong passphrase is ErrWrongPassphrase, a file cut short or
// changed (age's authentication fails) a damage error; nothing is returned from a file that is
// not whole.
func (s sealer) open(sealed []byte, limit int64) ([]byte, error) {
	id, err := age.NewScryptIdentity(s.passphrase)
	if err != nil {
		return nil, ErrNoPassphrase
	}
	id.SetMaxWorkFactor(maxWorkFactor)
	r, err := age.Decrypt(bytes.NewReader(sealed), id)
	var noMatch *age.NoIdentityMatchError
	if errors.As(err, &noMatch) {
		return nil, ErrWrongPassphrase
	}
	if err != nil {
		return nil, damaged(err)
	}
	plain, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, damaged(err)
	}
	if int64(len(plain)) > limit {
		return nil, fmt.Errorf("it holds more than %d MiB, more than any batch Lectern writes", limit>>20)
	}
	return plain, nil
}

// damaged says a sealed file failed its authentication: cut short, or changed since written.
func damaged(err error) error {
	return fmt.Errorf("it is damaged or was changed since it was written (%v)", err)
}
