package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// usageError is wrong usage of a command: exit code 2, with a pointer to the command's help.
type usageError struct {
	cmd string // "" for the top level
	msg string
}

func (e *usageError) Error() string { return e.msg }

// usagef builds a usageError for cmd.
func usagef(cmd, format string, args ...any) error {
	return &usageError{cmd: cmd, msg: fmt.Sprintf(format, args...)}
}

// errHelp is returned when a command was asked for its help: exit code 0.
var errHelp = errors.New("help requested")

// newFlagSet returns a flag set for cmd that reports errors instead of exiting or printing, and
// that also accepts the global --server flag after the command name.
func newFlagSet(e *env, cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&e.server, "server", e.server, "service address")
	return fs
}

// parseArgs parses args with fs, allowing flags before, between and after the positional
// arguments ("--" ends the flags), and checks that there are min to max of them (max < 0: no
// upper bound; names says what is missing). It returns the positional arguments in order.
func parseArgs(fs *flag.FlagSet, args []string, min, max int, names string) ([]string, error) {
	pos, err := splitArgs(fs, args)
	if err != nil {
		return nil, err
	}
	return pos, wantArgs(fs.Name(), pos, min, max, names)
}

// splitArgs parses the flags in args with fs and returns the positional arguments in order.
func splitArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, usagef(fs.Name(), "%s", cleanFlagError(err))
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// cleanFlagError rewords the flag package's messages a little for people.
func cleanFlagError(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown flag " + name
	}
	return msg
}

// wantArgs checks the number of positional arguments of cmd. names lists the required ones,
// joined by " and "; the message names only those not given.
func wantArgs(cmd string, got []string, min, max int, names string) error {
	switch {
	case len(got) < min:
		if parts := strings.Split(names, " and "); len(parts) == min {
			names = strings.Join(parts[len(got):], " and ")
		}
		return usagef(cmd, "missing %s", names)
	case max >= 0 && len(got) > max:
		return usagef(cmd, "too many arguments: %q (quote a question that has spaces)", strings.Join(got[max:], " "))
	}
	return nil
}

// conversationArg reads a conversation's id as typed; the error names the command that lists
// them (list: "history", "trash").
func conversationArg(arg, list string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id <= 0 {
		return 0, localf("%q is not a conversation id; \"lectern %s\" lists them", arg, list)
	}
	return id, nil
}
