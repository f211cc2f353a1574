package stats

import "testing"

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		bad  bool
	}{
		{in: "4GiB", want: 4 << 30},
		{in: "4gib", want: 4 << 30},
		{in: "1.5G", want: 3 << 29},
		{in: "512MiB", want: 512 << 20},
		{in: "512 MB", want: 512e6},
		{in: "2000000000", want: 2e9},
		{in: "64K", want: 64 << 10},
		{in: "1TB", want: 1e12},
		{in: "100B", want: 100},
		{in: "", bad: true},
		{in: "GiB", bad: true},
		{in: "4XB", bad: true},
		{in: "-4GiB", bad: true},
		{in: "1.2.3G", bad: true},
		{in: "9999999TiB", bad: true},
	} {
		got, err := ParseSize(tc.in)
		if (err != nil) != tc.bad || (!tc.bad && got != tc.want) {
			t.Errorf("ParseSize(%q) = %d, %v; want %d (error %v)", tc.in, got, err, tc.want, tc.bad)
		}
	}
}

func TestDefaultMem(t *testing.T) {
	info := parseMeminfo([]byte("MemTotal:       24000000 kB\nMemFree:        1000 kB\nMemAvailable:   8000000 kB\nbad line\n"))
	if info["MemTotal"] != 24000000<<10 || info["MemAvailable"] != 8000000<<10 {
		t.Fatalf("parseMeminfo: %v", info)
	}
	for _, tc := range []struct {
		name string
		info map[string]int64
		want int64
	}{
		{"half available", info, 4000000 << 10},
		{"total when no available", map[string]int64{"MemTotal": 2 << 30}, 1 << 30},
		{"floor", map[string]int64{"MemAvailable": 100 << 20}, memDefaultMin},
		{"cap", map[string]int64{"MemAvailable": 256 << 30}, memDefaultMax},
		{"unknown", nil, memDefaultMin},
	} {
		if got := defaultMem(tc.info); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
