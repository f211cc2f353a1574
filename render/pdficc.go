package render

import (
	"bytes"
	"encoding/binary"
	"math"
)

// srgbICC builds an ICC version 2 display profile for sRGB (IEC
// 61966-2.1): the sRGB primaries adapted to D50, as the ICC publishes
// them, and the sRGB tone curve sampled at 1024 points. It is the
// destination profile of the PDF's output intent; made here so that no
// profile file has to be shipped.
func srgbICC() []byte {
	type tag struct {
		sig  string
		data []byte
	}
	xyz := func(x, y, z float64) []byte {
		b := []byte("XYZ \x00\x00\x00\x00")
		for _, v := range []float64{x, y, z} {
			b = binary.BigEndian.AppendUint32(b, uint32(int32(math.Round(v*65536))))
		}
		return b
	}
	curve := []byte("curv\x00\x00\x00\x00")
	const n = 1024
	curve = binary.BigEndian.AppendUint32(curve, n)
	for i := 0; i < n; i++ {
		v := float64(i) / (n - 1)
		if v <= 0.04045 {
			v /= 12.92
		} else {
			v = math.Pow((v+0.055)/1.055, 2.4)
		}
		curve = binary.BigEndian.AppendUint16(curve, uint16(math.Round(v*65535)))
	}
	text := func(s string) []byte { return append([]byte("text\x00\x00\x00\x00"+s), 0) }
	desc := func(s string) []byte {
		b := []byte("desc\x00\x00\x00\x00")
		b = binary.BigEndian.AppendUint32(b, uint32(len(s)+1))
		b = append(append(b, s...), 0)
		b = append(b, make([]byte, 4+4+2+1+67)...) // no Unicode, no ScriptCode description
		return b
	}
	tags := []tag{
		{"desc", desc("sRGB IEC61966-2.1")},
		{"cprt", text("No copyright, use freely")},
		{"wtpt", xyz(0.9642, 1.0, 0.8249)},
		{"rXYZ", xyz(0.4361, 0.2225, 0.0139)},
		{"gXYZ", xyz(0.3851, 0.7169, 0.0971)},
		{"bXYZ", xyz(0.1431, 0.0606, 0.7141)},
		{"rTRC", curve},
		{"gTRC", curve},
		{"bTRC", curve},
	}
	// The tag table, then the data, each on a four-byte boundary; the
	// three tone curves share one copy.
	var data bytes.Buffer
	table := binary.BigEndian.AppendUint32(nil, uint32(len(tags)))
	start := 128 + 4 + 12*len(tags)
	offsets := map[string][2]int{}
	for _, t := range tags {
		key := string(t.data)
		at, ok := offsets[key]
		if !ok {
			for data.Len()%4 != 0 {
				data.WriteByte(0)
			}
			at = [2]int{start + data.Len(), len(t.data)}
			offsets[key] = at
			data.Write(t.data)
		}
		table = append(table, t.sig...)
		table = binary.BigEndian.AppendUint32(table, uint32(at[0]))
		table = binary.BigEndian.AppendUint32(table, uint32(at[1]))
	}
	for data.Len()%4 != 0 {
		data.WriteByte(0)
	}
	size := 128 + len(table) + data.Len()
	h := make([]byte, 128)
	binary.BigEndian.PutUint32(h[0:], uint32(size))
	binary.BigEndian.PutUint32(h[8:], 0x02100000) // version 2.1
	copy(h[12:], "mntrRGB XYZ ")
	for i, v := range []uint16{2026, 1, 1, 0, 0, 0} {
		binary.BigEndian.PutUint16(h[24+2*i:], v)
	}
	copy(h[36:], "acsp")
	for i, v := range []float64{0.9642, 1.0, 0.8249} { // the PCS illuminant, D50
		binary.BigEndian.PutUint32(h[68+4*i:], uint32(int32(math.Round(v*65536))))
	}
	out := append(h, table...)
	return append(out, data.Bytes()...)
}
