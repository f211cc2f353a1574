// Package browsertest holds what the site's browser tests share: finding
// Debian's chromium (required on CI, skipped elsewhere), the folder for
// their artifacts, the flags Chromium starts with here, and axe-core. Only tests (of
// render, render/audit and cmd/pasyans) import it.
package browsertest

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium finds Debian's chromium. Without it the test is skipped,
// except on CI (CI=true), where it fails: .ci/run installs it.
func Chromium(t testing.TB) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed, and CI=true: the browser test must run on CI (.ci/run installs chromium)")
	}
	t.Skip("chromium not found (apt-get install chromium); skipping the browser test — it is required on CI")
	return ""
}

// AxeVersion is the axe-core release the accessibility audits run;
// .ci/run installs it from the npm registry into .ci/axe.
const AxeVersion = "4.14.1"

// AxeTags are the rule sets the audits enforce: WCAG 2.1 A and AA and
// axe's best practices.
func AxeTags() []string {
	return []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"}
}

// AxeSource reads axe.min.js: $PASYANS_AXE, or .ci/axe at the module's
// root, two folders above the test's package (render/audit, cmd/pasyans).
// A copy that is not AxeVersion fails the test; a missing one is an error
// for the test to weigh (the audit is skipped, or fails on CI).
func AxeSource(t testing.TB) (string, error) {
	t.Helper()
	path := os.Getenv("PASYANS_AXE")
	if path == "" {
		path = filepath.Join("..", "..", ".ci", "axe", "node_modules", "axe-core", "axe.min.js")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var pkg struct{ Version string }
	if b, err := os.ReadFile(filepath.Join(filepath.Dir(path), "package.json")); err == nil && json.Unmarshal(b, &pkg) == nil && pkg.Version != AxeVersion {
		t.Fatalf("axe-core %s found at %s, want the pinned %s", pkg.Version, path, AxeVersion)
	}
	return string(src), nil
}

// Artifacts is the folder for the tests' screenshots and reports:
// $PASYANS_ARTIFACTS/browser, or one under the system's temporary folder.
func Artifacts(t testing.TB) string {
	t.Helper()
	base := os.Getenv("PASYANS_ARTIFACTS")
	if base == "" {
		base = filepath.Join(os.TempDir(), "pasyans-artifacts")
	}
	dir := filepath.Join(base, "browser")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// Options are the flags every browser test starts Chromium exe with:
// headless, no sandbox (root), no background networking (this machine's
// network is closed), a fresh profile.
func Options(t testing.TB, exe string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.NoFirstRun,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	}
}

// Start starts headless Chromium with Options (and extra flags) and
// returns a tab; both are closed when the test ends. The test is skipped
// in -short mode, and as Chromium says when chromium is missing.
func Start(t testing.TB, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	exe := Chromium(t)
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), append(Options(t, exe), extra...)...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); cancelA() })
	return ctx
}
