package variants

import (
	"testing"

	"pasyans/engine/enginetest"
)

func TestLeCadranProperties(t *testing.T) {
	for _, opts := range [][]string{nil, {"talon-only"}, {"strict-deal"}} {
		enginetest.Properties(t, "le-cadran", opts, 300)
	}
}

func BenchmarkLeCadranPlayout(b *testing.B)   { enginetest.BenchPlayouts(b, "le-cadran") }
func BenchmarkLeCadranApplyUndo(b *testing.B) { enginetest.BenchApplyUndo(b, "le-cadran") }
