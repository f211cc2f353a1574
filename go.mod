module pasyans

go 1.26.8

require (
	github.com/andybalholm/brotli v1.3.0
	github.com/chromedp/cdproto v0.160.1
	github.com/chromedp/chromedp v0.23.1
	github.com/fsnotify/fsnotify v1.10.1
	github.com/go-fonts/dejavu v0.3.2
	github.com/jung-kurt/gofpdf v1.16.2
	github.com/kljensen/snowball v0.10.0
	github.com/tdewolff/font v0.0.0-20250430140153-b654fd8acba3
	github.com/yuin/goldmark v1.8.7
	golang.org/x/net v0.63.0
	golang.org/x/sys v0.50.0
	golang.org/x/text v0.44.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/tdewolff/parse/v2 v2.7.22 // indirect
	golang.org/x/image v0.26.0 // indirect
)
