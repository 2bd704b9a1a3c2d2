package conversations

import convsync "lectern/app/sync"

// UseSync hands the conversations their sync (issue 32), which app.Open makes.
func (c *Conversations) UseSync(s *convsync.Service) { c.sync = s }

// Sync is the sync of the conversations between computers: its target, a round, the last one.
func (c *Conversations) Sync() *convsync.Service { return c.sync }
