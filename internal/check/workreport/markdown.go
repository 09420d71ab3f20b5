package workreport

import (
	"fmt"
	"io"
	"strings"

	"github.com/perfbench/perfbench/band"
	"github.com/perfbench/perfbench/internal/publish/markdown"
	"github.com/perfbench/perfbench/workloads"
)

// WriteMarkdown writes the Markdown report of workloads: the
// verdict and a tally, the criteria that failed or broke and the workloads
// measured twice, and every criterion, collapsed.
func WriteMarkdown(w io.Writer, results []workloads.Result) error {
	var b strings.Builder
	verdicts := make([]band.Verdict, len(results))
	tally := map[band.Verdict]int{}
	var rows, all [][]string
	criteria := 0
	for i, r := range results {
		verdicts[i] = r.Verdict
		for _, c := range r.Criteria {
			criteria++
			tally[c.Verdict]++
			word := c.Verdict.String()
			if c.Verdict == band.None {
				word = "reported"
			}
			all = append(all, []string{r.Workload, word, c.Name, c.ValueString(), c.Limit.String(), c.Detail})
			if c.Verdict.Failed() {
				rows = append(rows, []string{markdown.Icon(c.Verdict) + " " + c.Verdict.String(), r.Workload, c.Name, c.ValueString(), c.Limit.String(), c.Detail})
			}
		}
		if r.Remeasured && !r.Verdict.Failed() {
			var first []string
			for _, c := range r.First {
				first = append(first, c.Name+" at "+c.ValueString())
			}
			rows = append(rows, []string{"↕ remeasured", r.Workload, "—", "—", "—",
				"first measurement failed (" + strings.Join(first, "; ") + "); the second stands"})
		}
	}
	verdict := band.Worst(verdicts...)
	if len(results) == 0 {
		verdict = band.Broken
	}
	fmt.Fprintf(&b, "## %s perfbench workloads: %s\n\n", markdown.Icon(verdict), verdict)
	var parts []string
	for _, v := range []band.Verdict{band.Fail, band.Broken, band.Pass, band.None} {
		if tally[v] > 0 {
			word := v.String()
			if v == band.None {
				word = "reported"
			}
			parts = append(parts, fmt.Sprintf("%d %s", tally[v], word))
		}
	}
	fmt.Fprintf(&b, "%s — %d criteria in %d workloads, each a slope or a same-run ratio.\n", strings.Join(parts, ", "), criteria, len(results))
	if len(rows) == 0 {
		b.WriteString("\nNothing failed, broke or was measured twice.\n")
	} else {
		b.WriteString("\n### Failed, broken or measured twice\n\n")
		markdown.MarkdownTable(&b, []string{"verdict", "workload", "criterion", "value", "limit", "detail"}, rows)
	}
	markdown.MarkdownDetails(&b, fmt.Sprintf("All %d criteria", criteria), func(b *strings.Builder) {
		markdown.MarkdownTable(b, []string{"workload", "verdict", "criterion", "value", "limit", "detail"}, all)
	})
	_, err := io.WriteString(w, b.String())
	return err
}
