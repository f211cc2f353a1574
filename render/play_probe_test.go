package render

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

func TestPlayProbe(t *testing.T) {
	s := newPlaySession(t)
	for _, g := range []string{"zodiac", "constitution", "sympathy", "le-cadran"} {
		s.open("en/games/"+g+"/play/index.html", "#seed=3")
		s.do("pick", chromedp.Click(chromedp.CSS(`g.pile`)))
		ctx, cancel := context.WithTimeout(s.ctx, 30*time.Second)
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/probe-"+g+".png", png, 0o644)
	}
}
