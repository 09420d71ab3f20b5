package cli

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/perfbench/perfbench/internal/measure/stamp"
)

// helpWidth is the width help is wrapped to: an 80-column terminal.
const helpWidth = 80

// helpTemplate puts what a reader looks for first at the top — what the
// command does, how to call it, examples and flags — and the long
// reasoning after them, where cobra's default prints it first (81 lines of
// scenarios --help put its flags after 40–50 lines of prose).
const helpTemplate = `{{wrap .Short 0}}

Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} COMMAND{{end}}{{if .HasExample}}

Examples:
{{.Example}}{{end}}{{if .HasAvailableSubCommands}}

Commands:{{range .Commands}}{{if (or .IsAvailableCommand (eq .Name "help"))}}
  {{rpad .Name .NamePadding }} {{wrap .Short (add .NamePadding 3)}}{{end}}{{end}}{{end}}{{if .HasAvailableLocalFlags}}

Flags:
{{wrappedFlags .LocalFlags | trimTrailingWhitespaces}}{{end}}{{if .HasAvailableInheritedFlags}}

Global flags:
{{wrappedFlags .InheritedFlags | trimTrailingWhitespaces}}{{end}}{{if .Long}}

{{wrap .Long 0}}{{end}}{{if .HasAvailableSubCommands}}

Use "{{.CommandPath}} COMMAND --help" for more about a command.{{end}}
`

// usageTemplate is what a usage error prints after its one-line message:
// the call and where the rest is.
const usageTemplate = `Usage:{{if .Runnable}}
  {{.UseLine}}{{end}}{{if .HasAvailableSubCommands}}
  {{.CommandPath}} COMMAND{{end}}
Run "{{.CommandPath}} --help" for examples and every flag.
`

func init() {
	cobra.AddTemplateFunc("wrappedFlags", func(fs *pflag.FlagSet) string { return fs.FlagUsagesWrapped(helpWidth) })
	cobra.AddTemplateFunc("wrap", wrap)
	cobra.AddTemplateFunc("add", func(a, b int) int { return a + b })
}

// wrap breaks every line of s longer than helpWidth at its last space
// that fits, continuing with the line's own indentation, or indent spaces
// for the first line's continuation (a command's summary beside its name,
// which starts indent columns in). Lines that fit, and their layout —
// numbered lists, indented commands — are left as they are.
func wrap(s string, indent int) string {
	var out []string
	for i, line := range strings.Split(s, "\n") {
		lead := len(line) - len(strings.TrimLeft(line, " "))
		cont := strings.Repeat(" ", lead)
		width := helpWidth
		if i == 0 && indent > 0 {
			cont = strings.Repeat(" ", indent)
			width = helpWidth - indent
		}
		for len([]rune(line)) > width {
			r := []rune(line)
			cut := strings.LastIndex(string(r[:width+1]), " ")
			if cut <= len(cont) {
				break // one word longer than the line: leave it
			}
			out = append(out, strings.TrimRight(line[:cut], " "))
			line = cont + strings.TrimLeft(line[cut:], " ")
			if i == 0 && indent > 0 {
				width = helpWidth
			}
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// StyleHelp gives root and every command under it the help layout above
// and root the --version flag, which says which build of the program
// this is, without cobra's -v.
func StyleHelp(root *cobra.Command) {
	root.SetHelpTemplate(helpTemplate)
	root.SetUsageTemplate(usageTemplate)
	bi, _ := debug.ReadBuildInfo()
	root.Version = version(bi)
	root.SetVersionTemplate("{{.Name}} {{.Version}}\n")
	// --version has no -v: below the root -v is --wide, the table with
	// every column, and one letter means one thing in every command.
	root.Flags().Bool("version", false, "print which build of "+root.Name()+" this is")
}

// version says which build of the program this is: the module version (a tagged
// release, or "(devel)" for a build from a checkout), the VCS revision
// and its time, "modified" when the tree had uncommitted changes, and the
// Go toolchain. go run stamps no revision; go build and go install do.
func version(bi *debug.BuildInfo) string {
	if bi == nil {
		return "(unknown: the binary carries no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	st := stamp.Read(bi)
	parts := []string{v}
	if st.Revision != "" {
		detail := st.Short()
		var notes []string
		if st.Time != "" {
			notes = append(notes, st.Time)
		}
		if st.Modified {
			notes = append(notes, "modified")
		}
		if len(notes) > 0 {
			detail += " (" + strings.Join(notes, ", ") + ")"
		}
		parts = append(parts, "revision "+detail)
	} else {
		parts = append(parts, "no VCS revision (go run stamps none; go build does)")
	}
	parts = append(parts, bi.GoVersion)
	return fmt.Sprint(strings.Join(parts, ", "))
}
