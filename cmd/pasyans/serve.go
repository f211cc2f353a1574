package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"pasyans/site/preview"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "[-addr 127.0.0.1:8080] [-public] [-dir out/site | -watch -corpus DIR]",
		short: "preview the built site; -watch rebuilds it on every save",
		long: `Serve serves the built site (by default ./out/site, made by 'pasyans build')
on the loopback address. No path outside the site's folder can be read:
the folder is opened as an os.Root, which refuses names and links that
lead out of it (they answer 404). Folders are never listed; methods
other than GET and HEAD answer 405 (but the full check's POST below);
anything but a regular file or a folder (a FIFO, a device) is a 404,
its type checked before it is opened. Every answer carries the site's
Content-Security-Policy, which its pages satisfy.

An address that is not loopback (0.0.0.0:PORT, :PORT, [::]:PORT, a
host name of this machine) lets anyone who can reach the machine read
the site: it needs -public, and a warning is printed.

With -watch, serve is the editor's live preview. It builds the corpus of
-corpus DIR (as 'pasyans build -probes 0' does) into a private temporary
folder, serves that, watches DIR and its subfolders, and rebuilds on
every save: a burst of changes gives one rebuild, and changes during a
rebuild give one more after it. Open pages reload by themselves, and the
terminal prints the time from the change to the reloaded page. While the
corpus fails, the last good build stays served and every page shows the
problems (file:line: message) in a panel with id "pasyans-diagnostics";
the terminal prints them too. The quick check of a rebuild plays no
behaviour probes; the panel's "Run the full check" button (a POST to
/__pasyans/full-check carrying a token only the preview's pages hold)
rebuilds with the full check, then sends the browser back to the page. GET
/__pasyans/status answers JSON: {"generation": n, "ok": bool,
"diagnostics": [{"file", "line", "message"}], "build_ms": t, "check":
"quick"|"full", "building": bool}. The reload script and the panel are
added to the pages as they are served; the built files are the bytes
'pasyans build' writes.

On a loopback address, a request whose Host header names another host
(a page elsewhere pointing a name at this machine) answers 421. At most
64 reload event streams are open at once.

Ctrl-C (SIGINT or SIGTERM) stops the server cleanly; with -watch it
also cancels the rebuild in progress and removes the private folder. A
second Ctrl-C ends the process at once.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			var o serveOptions
			fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "`host:port` to listen on")
			fs.BoolVar(&o.public, "public", false, "allow an address that is not loopback (others can then read the site)")
			fs.StringVar(&o.dir, "dir", filepath.Join("out", "site"), "the built site's `folder`")
			fs.BoolVar(&o.watch, "watch", false, "build -corpus DIR, serve it and rebuild on every change")
			fs.StringVar(&o.cf.dir, "corpus", "", "with -watch: the corpus `DIR` to build, serve and watch")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("serve takes no arguments, got %q", args[0])
				}
				set := map[string]bool{}
				fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
				if o.watch && o.cf.dir == "" {
					return usageError("-watch needs -corpus DIR, the corpus folder to watch (such as -corpus corpus)")
				}
				if o.watch && set["dir"] {
					return usageError("-dir and -watch: -watch serves its own build of -corpus DIR")
				}
				if !o.watch && set["corpus"] {
					return usageError("-corpus is for -watch; without it serve serves the built site of -dir")
				}
				ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
				defer stop()
				// After the first signal, a second one kills at once.
				context.AfterFunc(ctx, stop)
				return serve(ctx, e, o)
			}
		},
	})
}

// serveOptions are serve's flags.
type serveOptions struct {
	addr   string
	public bool
	dir    string
	watch  bool
	cf     corpusFlags
	// ready, if set, is told the address once the server listens (tests).
	ready func(addr string)
}

// serve serves the site (or, with -watch, the live preview of the
// corpus, built as 'pasyans build -probes 0' builds it) until ctx is done.
func serve(ctx context.Context, e *env, o serveOptions) error {
	po := preview.Options{Addr: o.addr, Public: o.public, Dir: o.dir, Ready: o.ready}
	if o.watch {
		cf := o.cf
		po.Watch = &preview.Watch{Corpus: cf.dir,
			Build: func(ctx context.Context, out string, probes int) error {
				quiet := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
				return buildContext(ctx, quiet, &cf, out, "a4", "", probes)
			},
			Diagnose: func(err error) []preview.Diagnostic { return previewDiagnostics(&cf, err) }}
	}
	return preview.Serve(ctx, e.stderr, po)
}

// previewDiagnostics turns a build's failure into the preview's diagnostics,
// each with the game page and paragraph it concerns where there is one.
func previewDiagnostics(cf *corpusFlags, err error) []preview.Diagnostic {
	out := []preview.Diagnostic{}
	var ce *corpusErrors
	if !errors.As(err, &ce) {
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), errUsage.Error()+": "), errFailed.Error()+": ")
		return append(out, preview.Diagnostic{Message: msg})
	}
	// The edition as far as it loads, to find the paragraph of a line.
	ed, _, _ := cf.load()
	for _, d := range ce.ds {
		game, para := ed.Locate(d.Pos)
		out = append(out, preview.Diagnostic{File: cf.name(d.Pos.File), Line: d.Pos.Line, Message: d.Msg, Game: game, Para: para})
	}
	return out
}
