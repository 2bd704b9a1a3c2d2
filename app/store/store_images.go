package store

import (
	"context"
	"database/sql"

	"lectern/app/records"
)

// The images of model conversations' turns live in turn_images (schema step 3), apart from the
// turns: listing, searching and exporting read their names and types only; the bytes are read
// when a conversation is sent again or a front-end shows an image.

// addImages saves the images a turn sent, in order, inside the turn's transaction.
func AddImages(ctx context.Context, tx *sql.Tx, turnID int64, images []records.Image) error {
	for i, img := range images {
		_, err := tx.ExecContext(ctx, `INSERT INTO turn_images (turn_id, position, name, mime, size, data)
			VALUES (?,?,?,?,?,?)`, turnID, i, img.Name, img.MIME, len(img.Data), img.Data)
		if err != nil {
			return err
		}
	}
	return nil
}

// describeImages sets the Images (names and types, without Data) of turns, which are the turns
// whose column (conversation_id or id) equals arg.
func (s *DB) describeImages(ctx context.Context, column string, arg int64, turns []records.Turn) error {
	byTurn, err := s.Images(ctx, column, arg, false)
	for i := range turns {
		turns[i].Images = byTurn[turns[i].ID]
	}
	return err
}

// images reads the images of the turns whose column equals arg, by turn id, in order; their
// bytes only when withData.
func (s *DB) Images(ctx context.Context, column string, arg int64, withData bool) (map[int64][]records.Image, error) {
	data := "NULL"
	if withData {
		data = "data"
	}
	type owned struct {
		turnID int64
		img    records.Image
	}
	scan := func(sc RowScanner) (owned, error) {
		var o owned
		err := sc.Scan(&o.turnID, &o.img.Name, &o.img.MIME, &o.img.Size, &o.img.Data)
		return o, err
	}
	list, err := QueryAll(ctx, s.db, scan, `SELECT turn_id, name, mime, size, `+data+` FROM turn_images
		WHERE turn_id IN (SELECT id FROM turns WHERE `+column+`) ORDER BY turn_id, position`, arg)
	out := map[int64][]records.Image{}
	for _, o := range list {
		out[o.turnID] = append(out[o.turnID], o.img)
		if withData && s.ImageDataRead != nil {
			s.ImageDataRead(o.turnID, len(o.img.Data))
		}
	}
	return out, err
}
