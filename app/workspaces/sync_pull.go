package workspaces

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"lectern/app/connection"
	"lectern/app/events"
	"lectern/app/explain"
	"lectern/app/store"
	"lectern/client"
	"lectern/internal/safetext"
	"lectern/internal/words"
)

// roundFresh is how long a workspace that arrived in a refresh that did not finish counts as up
// to date: trying again within it fetches only the others.
const roundFresh = 10 * time.Minute

// syncRound is what the last refresh that did not bring every listed workspace brought: when each
// of them arrived, for the cache key it was for.
type syncRound struct {
	key     string
	arrived map[string]time.Time
	cut     bool // the last refresh of key stopped part way (unreachable, key refused, given up)
}

// pull is one refresh's work: the listed workspaces and what became of them.
type pull struct {
	key      string
	listed   []client.Workspace
	keep     []string // the listed workspaces that stay cached
	notSaved []string // names of workspaces whose content did not arrive, or only its start
	firstWhy string   // why the first of them did not, in words
	stop     error    // what ended the refresh for every workspace after it
}

// pullEach fetches and saves each listed workspace that has not arrived recently, each one's
// failure its own: it is marked with why and the others go on. A workspace the server no longer
// opens is dropped. An error that every later request would meet too (the server unreachable,
// the key refused, the caller gone) stops the fetching; the listed rows are still saved.
func (s *Sync) pullEach(ctx context.Context, cl *client.Client, p *pull) {
	for i, ws := range p.listed {
		if p.stop != nil || s.arrivedRecently(p.key, ws.WorkspaceID) {
			s.saveRow(ctx, p, i, ws)
			continue
		}
		full, err := cl.FetchWorkspace(ctx, ws.WorkspaceID)
		switch {
		case IsWorkspaceGone(err):
		case err != nil && (stopsRefresh(err) || ctx.Err() != nil):
			p.stop = err
			s.saveRow(ctx, p, i, ws)
		case full == nil:
			s.markFailed(ctx, p, i, ws, err)
		default:
			s.saveFetched(ctx, p, i, ws.WorkspaceID, full, err)
		}
	}
}

// saveRow keeps a listed workspace whose content was not fetched this time, as listed.
func (s *Sync) saveRow(ctx context.Context, p *pull, pos int, ws client.Workspace) {
	if err := s.store.SaveListed(context.WithoutCancel(ctx), p.key, pos, ws, s.now()); err != nil && p.stop == nil {
		p.stop = err
	}
	p.keep = append(p.keep, ws.WorkspaceID)
}

// markFailed keeps a listed workspace whose content could not be fetched, marked with why.
func (s *Sync) markFailed(ctx context.Context, p *pull, pos int, ws client.Workspace, err error) {
	why := s.note(err)
	if serr := s.store.MarkNotSynced(ctx, p.key, pos, ws, s.now(), why); serr != nil {
		p.stop = serr
	}
	p.keep = append(p.keep, ws.WorkspaceID)
	p.notArrived(ws.Name, why)
	s.bus.Emit(events.DocumentsChanged{WorkspaceID: ws.WorkspaceID})
}

// saveFetched saves a workspace that arrived; cut, when set, says it arrived only in part.
func (s *Sync) saveFetched(ctx context.Context, p *pull, pos int, id string, full *client.Workspace, cut error) {
	full.WorkspaceID = id
	why := s.note(cut)
	if err := s.store.SaveWorkspace(ctx, p.key, pos, *full, s.now(), why); err != nil {
		p.stop = err
		return
	}
	p.keep = append(p.keep, id)
	s.arrived(p.key, id)
	if why != "" {
		p.notArrived(full.Name, why)
	}
	s.bus.Emit(events.DocumentsChanged{WorkspaceID: id})
}

// notArrived counts a workspace that did not arrive whole.
func (p *pull) notArrived(name, why string) {
	if p.firstWhy == "" {
		p.firstWhy = why
	}
	p.notSaved = append(p.notSaved, words.Cut(strings.Join(strings.Fields(safetext.OneLine(name)), " "), 80)) // one line, at most 80 characters
}

// finish records the end of a refresh: when nothing stopped it, workspaces no longer listed leave
// (only when the list came whole), the sync time is kept and the connection is online whatever
// single workspaces did; else the state says why it stopped.
func (s *Sync) finish(ctx context.Context, p *pull, listErr error) error {
	s.bus.Emit(events.WorkspacesChanged{})
	if p.stop != nil {
		s.roundOf(p.key).cut = true
		return s.fail(ctx, p.key, p.stop)
	}
	now := store.FromMilli(store.UnixMilli(s.now())) // as stored: milliseconds
	if listErr == nil {
		if err := s.store.FinishSync(ctx, p.key, p.keep, now); err != nil {
			return s.fail(ctx, p.key, err)
		}
	}
	s.conn.SetState(p.key, connection.ConnOnline, now, nil)
	s.round.cut = false
	if listErr != nil {
		return listErr
	}
	if len(p.notSaved) > 0 {
		return &NotSyncedError{Names: p.notSaved, Why: p.firstWhy}
	}
	s.round = syncRound{} // every listed workspace arrived
	return nil
}

// resume finishes a refresh that the server's going away cut short, once it is back: only the
// workspaces that did not arrive are fetched. It does nothing when no refresh was cut short.
func (s *Sync) Resume(ctx context.Context) {
	key := s.conn.CacheKey()
	s.mu.Lock()
	cut := s.round.key == key && s.round.cut
	s.mu.Unlock()
	if cut {
		_ = s.Refresh(ctx)
	}
}

// stopsRefresh reports an error that every later request of the refresh would meet too: the
// server cannot be reached, or it refused the key. (A caller that gave up is ctx.Err.)
func stopsRefresh(err error) bool {
	return errors.Is(err, client.ErrUnreachable) || connection.IsKeyNeeded(err)
}

// note tells err in words, "" for none.
func (s *Sync) note(err error) string {
	if err == nil {
		return ""
	}
	return s.conn.Describe(err)
}

// arrived records that workspace id of key arrived in the current round.
func (s *Sync) arrived(key, id string) { s.roundOf(key).arrived[id] = s.now() }

// roundOf returns the current round, begun anew when it was another server's.
func (s *Sync) roundOf(key string) *syncRound {
	if s.round.key != key || s.round.arrived == nil {
		s.round = syncRound{key: key, arrived: map[string]time.Time{}}
	}
	return &s.round
}

// arrivedRecently reports a workspace that arrived in the round of key less than roundFresh ago.
func (s *Sync) arrivedRecently(key, id string) bool {
	at, ok := s.round.arrived[id]
	return ok && s.round.key == key && s.now().Sub(at) < roundFresh
}

// NotSyncedError says that a refresh reached the server but some workspaces did not arrive whole:
// each is marked with why (CachedWorkspace.SyncError); the others are up to date.
type NotSyncedError struct {
	Names []string // the workspaces' names, made safe to show
	Why   string   // why the first did not arrive, in words
}

// Error says which workspaces did not arrive and why the first did not, in words.
func (e *NotSyncedError) Error() string {
	which := "The workspace " + explain.QuoteName(e.Names[0])
	if len(e.Names) > 1 {
		which = "The workspaces " + strings.Join(quoteNames(e.Names, 3), ", ")
	}
	return which + " could not be brought up to date; the others are. " + e.Why
}

// quoteNames quotes up to n names and says how many more there are.
func quoteNames(names []string, n int) []string {
	out := []string{}
	for i, name := range names {
		if i == n {
			out = append(out, "and "+strconv.Itoa(len(names)-n)+" more")
			break
		}
		out = append(out, explain.QuoteName(name))
	}
	return out
}
