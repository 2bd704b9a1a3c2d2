package client

import (
	"errors"
	"strings"
	"time"
)

// IST is India Standard Time (UTC+05:30), the zone of the service's DD-MM-YYYY HH:MM fields.
var IST = time.FixedZone("IST", 5*3600+30*60)

// isoLayouts are the ISO 8601 forms accepted, most specific first.
var isoLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04Z07:00",
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02T15:04:05Z0700",
	"2006-01-02 15:04:05.999999999Z07:00",
}

// errNoTime reports that neither field could be read.
var errNoTime = errors.New("client: the server gave no readable time")

// ParseServerTime reads a server time: the ISO 8601 field (updated_at, created_at) first,
// else the DD-MM-YYYY HH:MM field (updated, created), which is in IST (UTC+05:30).
func ParseServerTime(iso, ist string) (time.Time, error) {
	if iso = strings.TrimSpace(iso); iso != "" {
		for _, l := range isoLayouts {
			if t, err := time.Parse(l, iso); err == nil {
				return t, nil
			}
		}
	}
	if ist = strings.TrimSpace(ist); ist != "" {
		if t, err := time.ParseInLocation("02-01-2006 15:04", ist, IST); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errNoTime
}
