// Package audit is the accessibility audit of the built site: its tests
// build the edition's site from the embedded corpus and run axe-core
// (WCAG 2.1 A and AA and axe's best practices) on every page in headless
// Chromium at a desktop width, at a phone's width and in dark mode, and
// tab through one page of each kind with the keyboard. It has no code of
// its own; it is a package apart from render so that the audit, the
// longest of the browser tests, runs beside render's tests and within its
// own time limit.
//
//	go test ./render/audit -v
package audit
