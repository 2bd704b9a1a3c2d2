package records

// DraftPlace is where a draft belongs: a saved conversation (ConversationID), or, while
// ConversationID is 0, the new conversation with workspace WorkspaceID that its first question
// will save.
type DraftPlace struct {
	ConversationID int64
	WorkspaceID    string
}

// DraftOf is the place of the draft of conv: its own, or, not saved yet, its workspace's new one.
func DraftOf(conv Conversation) DraftPlace {
	if conv.ID != 0 {
		return DraftPlace{ConversationID: conv.ID}
	}
	return DraftPlace{WorkspaceID: conv.WorkspaceID}
}
