// Package syncrec is the part of the store that keeps the sync records (issue 32): the records
// this data folder changed since a version (ChangedSince), applying another device's batch in one
// transaction (ApplySync), and the rounds' bookkeeping per target. The schema (step 13: uids,
// versions, the clock and its triggers, tombstones) is the store's; this package writes the SQL of
// those tables and is used by app/sync alone. A package of its own so that the store stays a size
// a reader can hold.
package syncrec
