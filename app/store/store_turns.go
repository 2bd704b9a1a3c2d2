package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"lectern/app/records"
	"lectern/client"
)

// ConversationCols are the columns of a conversation that ScanConversation reads, in its order.
const ConversationCols = "id, kind, workspace_id, document_id, model, system_prompt, api, title, created_at, updated_at, " +
	"pinned_at, answer_format, remote_id, project_id"

// ScanConversation reads the ConversationCols of a row, then the columns that follow them into extra.
func ScanConversation(sc RowScanner, extra ...any) (records.Conversation, error) {
	var c records.Conversation
	var kind, api, format string
	var created, updated, pinned int64
	dest := []any{&c.ID, &kind, &c.WorkspaceID, &c.DocumentID, &c.Model, &c.System, &api, &c.Title, &created, &updated,
		&pinned, &format, &c.RemoteID, &c.ProjectID}
	err := sc.Scan(append(dest, extra...)...)
	c.Kind, c.API, c.Created, c.Updated = records.ConversationKind(kind), records.ModelAPI(api), FromMilli(created), FromMilli(updated)
	if pinned != 0 {
		c.Pinned = FromMilli(pinned)
	}
	c.Format = decodeFormat(format)
	if c.Kind == records.KindHost { // the model column holds what a conversation talks to: the host
		c.Host, c.Model = c.Model, ""
	}
	return c, err
}

// createConversation saves a new conversation for server and returns it with its id.
func (s *DB) CreateConversation(ctx context.Context, server string, c records.Conversation) (records.Conversation, error) {
	now := s.Now()
	if c.Kind == "" {
		c.Kind = records.KindWorkspace
	}
	if c.Kind == records.KindHost {
		c.Model = c.Host
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO conversations (server, kind, workspace_id, document_id, model,
		system_prompt, api, title, created_at, updated_at, answer_format, remote_id, project_id)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
		server, string(c.Kind), c.WorkspaceID, c.DocumentID, c.Model, c.System, string(c.API), c.Title,
		now.UnixMilli(), now.UnixMilli(), EncodeFormat(c.Format), c.RemoteID, c.ProjectID)
	if err != nil {
		return records.Conversation{}, err
	}
	c.ID, _ = res.LastInsertId()
	c.Created, c.Updated = FromMilli(now.UnixMilli()), FromMilli(now.UnixMilli())
	return c, nil
}

// conversation reads one conversation of server.
func (s *DB) Conversation(ctx context.Context, server string, id int64) (records.Conversation, error) {
	row := s.db.QueryRowContext(ctx, "SELECT "+ConversationCols+" FROM conversations WHERE server=? AND id=? AND deleted_at=0", server, id)
	c, err := ScanConversation(row)
	if errors.Is(err, sql.ErrNoRows) {
		return c, records.ErrNotFound
	}
	return c, err
}

// conversations lists the conversations of server, newest first; workspaceID "" lists all of them.
func (s *DB) Conversations(ctx context.Context, server, workspaceID string) ([]records.Conversation, error) {
	return s.ListConversations(ctx, server, records.ListFilter{WorkspaceID: workspaceID}, "")
}

// listConversations lists the conversations of server that pass f, in order (after first, when
// set), newest first.
func (s *DB) ListConversations(ctx context.Context, server string, f records.ListFilter, first string) ([]records.Conversation, error) {
	q := "SELECT " + ConversationCols + " FROM conversations WHERE server=? AND deleted_at=0"
	args := []any{server}
	if f.WorkspaceID != "" {
		q += " AND workspace_id=?"
		args = append(args, f.WorkspaceID)
	}
	if f.Kind != "" {
		q += " AND kind=?"
		args = append(args, string(f.Kind))
	}
	if f.ProjectID != 0 {
		q += " AND project_id=?"
		args = append(args, f.ProjectID)
	}
	order := " ORDER BY "
	if first != "" {
		order += first + ", "
	}
	scan := func(sc RowScanner) (records.Conversation, error) { return ScanConversation(sc) }
	return QueryAll(ctx, s.db, scan, q+order+"updated_at DESC, id DESC", args...)
}

// pinConversation sets a conversation's pin time (0: unpinned), leaving its updated time alone.
func (s *DB) PinConversation(ctx context.Context, server string, id, at int64) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET pinned_at=? WHERE server=? AND id=? AND deleted_at=0", at, server, id)
	return Affected(res, err)
}

// lastModelConversation returns the newest model conversation of server (in conversations'
// order), of tier model when it is not ""; ok is false when there is none.
func (s *DB) LastModelConversation(ctx context.Context, server, model string) (records.Conversation, bool, error) {
	return s.LastConversation(ctx, server, records.KindModel, model)
}

// lastConversation returns the newest conversation of kind of server (in conversations' order),
// of model when it is not ""; ok is false when there is none.
func (s *DB) LastConversation(ctx context.Context, server string, kind records.ConversationKind, model string) (records.Conversation, bool, error) {
	q := "SELECT " + ConversationCols + " FROM conversations WHERE server=? AND kind=? AND deleted_at=0"
	args := []any{server, string(kind)}
	if model != "" {
		q += " AND model=?"
		args = append(args, model)
	}
	c, err := ScanConversation(s.db.QueryRowContext(ctx, q+" ORDER BY updated_at DESC, id DESC LIMIT 1", args...))
	if errors.Is(err, sql.ErrNoRows) {
		return records.Conversation{}, false, nil
	}
	return c, err == nil, err
}

// untouchedConversation returns the newest conversation of kind of server, of model, that nothing
// was done with since it was made (no turn, title, system prompt, answer format, workspace, server
// id or pin), with its updated time brought to now; ok is false when there is none.
func (s *DB) UntouchedConversation(ctx context.Context, server string, kind records.ConversationKind, model string) (records.Conversation, bool, error) {
	q := "SELECT " + ConversationCols + ` FROM conversations c WHERE server=? AND kind=? AND model=? AND deleted_at=0
		AND title='' AND system_prompt='' AND answer_format='' AND workspace_id='' AND remote_id='' AND pinned_at=0
		AND NOT EXISTS (SELECT 1 FROM turns t WHERE t.conversation_id=c.id) ORDER BY id DESC LIMIT 1`
	c, err := ScanConversation(s.db.QueryRowContext(ctx, q, server, string(kind), model))
	if errors.Is(err, sql.ErrNoRows) {
		return records.Conversation{}, false, nil
	}
	if err != nil {
		return records.Conversation{}, false, err
	}
	now := s.NowMilli()
	if _, err := s.db.ExecContext(ctx, "UPDATE conversations SET updated_at=? WHERE id=?", now, c.ID); err != nil {
		return records.Conversation{}, false, err
	}
	c.Updated = FromMilli(now)
	return c, true, nil
}

// setRemoteID keeps the server's id of an assistant conversation.
func (s *DB) SetRemoteID(ctx context.Context, id int64, remote string) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET remote_id=? WHERE id=?", remote, id)
	return Affected(res, err)
}

// MoveConversations files the conversations kept under server key from under key to.
func (s *DB) MoveConversations(ctx context.Context, from, to string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE conversations SET server=? WHERE server=?", to, from)
	return err
}

// renameConversation changes a conversation's title.
func (s *DB) RenameConversation(ctx context.Context, server string, id int64, title string) error {
	res, err := s.db.ExecContext(ctx, "UPDATE conversations SET title=?, updated_at=? WHERE server=? AND id=? AND deleted_at=0",
		title, s.NowMilli(), server, id)
	return Affected(res, err)
}

// deleteConversation removes a conversation and its turns for good (an ask that saved nothing
// worth keeping); a person's delete moves it to the trash (trashConversation).
func (s *DB) DeleteConversation(ctx context.Context, server string, id int64) error {
	res, err := s.db.ExecContext(ctx, "DELETE FROM conversations WHERE server=? AND id=?", server, id)
	return Affected(res, err)
}

// deleteTurn removes one turn (one just added that went nowhere: its conversation shows its
// parent's branch again).
func (s *DB) DeleteTurn(ctx context.Context, id int64) error {
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE conversations SET head_turn_id=(SELECT parent_id FROM turns WHERE id=?)
			WHERE head_turn_id=?`, id, id)
		if err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, "DELETE FROM turns WHERE id=?", id)
		return Affected(res, err)
	})
}

// Affected is err, or records.ErrNotFound when the statement changed no row.
func Affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return records.ErrNotFound
	}
	return nil
}

// addTurn saves a new pending turn after its parent (t.ParentID, 0 for a first question) with its
// images, and makes it the head of its conversation (the branch shown), in one transaction.
func (s *DB) AddTurn(ctx context.Context, t records.Turn) (records.Turn, error) {
	now := s.NowMilli()
	t.Status, t.Created, t.Updated = records.TurnPending, FromMilli(now), FromMilli(now)
	err := InTx(ctx, s.db, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO turns (conversation_id, parent_id, question, status, tier, thinking,
			extra, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?)`, t.ConversationID, t.ParentID, t.Question,
			string(t.Status), t.Tier, nullBool(t.Thinking), extraOf(t), now, now)
		if err != nil {
			return err
		}
		t.ID, _ = res.LastInsertId()
		if err := AddImages(ctx, tx, t.ID, t.Images); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE conversations SET head_turn_id=? WHERE id=?", t.ID, t.ConversationID); err != nil {
			return err
		}
		return touchConversation(ctx, tx, t.ConversationID, now)
	})
	return t, err
}

func touchConversation(ctx context.Context, tx *sql.Tx, id, now int64) error {
	res, err := tx.ExecContext(ctx, "UPDATE conversations SET updated_at=? WHERE id=?", now, id)
	return Affected(res, err)
}

// saveTurn writes a turn's answer fields and status.
func (s *DB) SaveTurn(ctx context.Context, t *records.Turn) error {
	now := s.NowMilli()
	t.Updated = FromMilli(now)
	sources, coverage, warnings := JSONOrEmpty(t.Sources), JSONOrEmpty(t.Coverage), JSONOrEmpty(t.Warnings)
	extra := extraOf(*t)
	in, out, total := usageColumns(t.Usage)
	return InTx(ctx, s.db, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE turns SET answer=?, status=?, tier=?, thinking=?, model=?, found=?,
			sources=?, coverage=?, warnings=?, notice=?, request_id=?, error=?, error_code=?, extra=?,
			input_tokens=?, output_tokens=?, total_tokens=?, updated_at=? WHERE id=?`, t.Answer, string(t.Status),
			t.Tier, nullBool(t.Thinking), t.Model, nullBool(t.Found), sources, coverage, warnings, t.Notice,
			t.RequestID, t.Error, t.ErrorCode, extra, in, out, total, now, t.ID)
		if err := Affected(res, err); err != nil {
			return err
		}
		return touchConversation(ctx, tx, t.ConversationID, now)
	})
}

// savePartial stores the text so far of a pending answer, so that a crash keeps it.
func (s *DB) SavePartial(ctx context.Context, id int64, text string) error {
	_, err := s.db.ExecContext(ctx, "UPDATE turns SET answer=?, updated_at=? WHERE id=? AND status='pending'",
		text, s.NowMilli(), id)
	return err
}

const turnCols = `id, conversation_id, parent_id, question, answer, status, tier, thinking, model, found, sources, coverage,
	warnings, notice, request_id, error, error_code, extra, input_tokens, output_tokens, total_tokens, created_at,
	updated_at`

// turnExtra is the extra column: fields kept as JSON so that later kinds of turn need no migration.
type turnExtra struct {
	AnswerID string               `json:"answer_id,omitempty"`
	System   string               `json:"system,omitempty"`
	Parts    []records.TurnPart   `json:"parts,omitempty"`
	Check    *records.SchemaCheck `json:"check,omitempty"`
	// Attachments and Reply are an assistant turn's files and the server's reply.
	Attachments []records.Attachment `json:"attachments,omitempty"`
	Reply       json.RawMessage      `json:"reply,omitempty"`
	// Workspace is the workspace that answered, when not the conversation's (Turn.WorkspaceID).
	Workspace string `json:"workspace,omitempty"`
}

// extraOf is the extra column of a turn.
func extraOf(t records.Turn) string {
	return JSONOrEmpty(turnExtra{AnswerID: t.AnswerID, System: t.System, Parts: t.Parts, Check: t.Check,
		Attachments: t.Attachments, Reply: t.Reply, Workspace: t.WorkspaceID})
}

// usageColumns are the three token counts of an answer, NULL when the server reported none.
func usageColumns(u *client.Usage) (in, out, total any) {
	if u == nil {
		return nil, nil, nil
	}
	return u.InputTokens, u.OutputTokens, u.TotalTokens
}

func scanTurn(sc RowScanner) (records.Turn, error) {
	var t records.Turn
	return t, scanTurnInto(sc, &t)
}

// scanTurnInto reads the turnCols of a row into t, then the columns that follow them into extra.
func scanTurnInto(sc RowScanner, t *records.Turn, extra ...any) error {
	var status, sources, coverage, warnings, extraJSON string
	var thinking, found sql.NullBool
	var in, out, total sql.NullInt64
	var created, updated int64
	err := sc.Scan(append([]any{&t.ID, &t.ConversationID, &t.ParentID, &t.Question, &t.Answer, &status, &t.Tier, &thinking,
		&t.Model, &found, &sources, &coverage, &warnings, &t.Notice, &t.RequestID, &t.Error, &t.ErrorCode, &extraJSON, &in, &out,
		&total, &created, &updated}, extra...)...)
	if err != nil {
		return err
	}
	if total.Valid {
		t.Usage = &client.Usage{InputTokens: int(in.Int64), OutputTokens: int(out.Int64), TotalTokens: int(total.Int64)}
	}
	t.Status, t.Created, t.Updated = records.TurnStatus(status), FromMilli(created), FromMilli(updated)
	t.Thinking, t.Found = boolPtr(thinking), boolPtr(found)
	_ = UnmarshalIfSet(sources, &t.Sources)
	_ = UnmarshalIfSet(coverage, &t.Coverage)
	_ = UnmarshalIfSet(warnings, &t.Warnings)
	var x turnExtra
	if UnmarshalIfSet(extraJSON, &x) == nil {
		t.AnswerID, t.System, t.Parts, t.Check = x.AnswerID, x.System, x.Parts, x.Check
		t.Attachments, t.Reply, t.WorkspaceID = x.Attachments, x.Reply, x.Workspace
	}
	return nil
}

// turn reads one turn, with its images' names and types.
func (s *DB) Turn(ctx context.Context, id int64) (records.Turn, error) {
	t, err := scanTurn(s.db.QueryRowContext(ctx, "SELECT "+turnCols+" FROM turns WHERE id=?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, records.ErrNotFound
	}
	if err != nil {
		return t, err
	}
	one := []records.Turn{t}
	err = s.describeImages(ctx, "id=?", id, one)
	return one[0], err
}

// abandonPending marks turns left pending and not written since before as interrupted,
// keeping their text.
func (s *DB) AbandonPending(ctx context.Context, before time.Time, reason string) (int64, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE turns SET status='interrupted', error=?, updated_at=?
		WHERE status='pending' AND updated_at < ?`, reason, s.NowMilli(), before.UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func nullBool(b *bool) any {
	if b == nil {
		return nil
	}
	return *b
}

func boolPtr(b sql.NullBool) *bool {
	if !b.Valid {
		return nil
	}
	v := b.Bool
	return &v
}

// JSONOrEmpty is v as JSON, or "" for nil (a column's empty value).
func JSONOrEmpty(v any) string {
	b, err := json.Marshal(v)
	if err != nil || string(b) == "null" {
		return ""
	}
	return string(b)
}

// UnmarshalIfSet decodes the JSON column text s into v, leaving v as it is when s is "".
func UnmarshalIfSet(s string, v any) error {
	if s == "" {
		return nil
	}
	return json.Unmarshal([]byte(s), v)
}

// encodeFormat is the answer_format column of f.
func EncodeFormat(f records.AnswerFormat) string {
	if !f.JSON() {
		return ""
	}
	b, _ := json.Marshal(f)
	return string(b)
}

// decodeFormat reads a saved format; what cannot be read is text.
func decodeFormat(s string) records.AnswerFormat {
	var f records.AnswerFormat
	if UnmarshalIfSet(s, &f) != nil {
		return records.AnswerFormat{}
	}
	return f
}
