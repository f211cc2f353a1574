package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "[-addr 127.0.0.1:8080] [-dir out/site]",
		short: "preview the built site",
		long: `Serve serves the built site (by default ./out/site, made by 'pasyans build')
on the loopback address. No path outside the site's folder can be read:
the folder is opened as an os.Root, which refuses names and links that
lead out of it.`,
		flags: func(fs *flag.FlagSet) func(*env, []string) error {
			addr := fs.String("addr", "127.0.0.1:8080", "`host:port` to listen on")
			dir := fs.String("dir", filepath.Join("out", "site"), "the built site's `folder`")
			return func(e *env, args []string) error {
				if len(args) > 0 {
					return usageError("serve takes no arguments, got %q", args[0])
				}
				h, err := siteHandler(*dir)
				if err != nil {
					return err
				}
				ln, err := net.Listen("tcp", *addr)
				if err != nil {
					return usageError("listen on %s: %v", *addr, err)
				}
				fmt.Fprintf(e.stderr, "pasyans: serving %s at http://%s/ (Ctrl-C stops)\n", *dir, ln.Addr())
				srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
				return srv.Serve(ln)
			}
		},
	})
}

// siteHandler serves dir, refusing any path that leads out of it.
func siteHandler(dir string) (http.Handler, error) {
	st, err := os.Stat(filepath.Join(dir, "index.html"))
	if err != nil || st.IsDir() {
		return nil, usageError("%s: no built site here (run 'pasyans build' first)", dir)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, usageError("open %s: %v", dir, err)
	}
	files := http.FileServerFS(root.FS())
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		files.ServeHTTP(w, r)
	}), nil
}
