// Regenerates metadata.tsv from libphonenumber-js's default ("min") metadata, which is
// Google libphonenumber's PhoneNumberMetadata.xml (Apache-2.0) compacted by libphonenumber-js
// (MIT). Run from this folder:
//   npm pack libphonenumber-js && tar xzf libphonenumber-js-*.tgz
//   node gen_metadata.js package/metadata.min.json > metadata.tsv
// (metadata.rs documents the columns and loads the file.)
// Formatting rules are dropped: the core only parses and validates.
const fs = require('fs')
const m = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'))
const lines = []
// Calling codes in numeric order; within one code the "main" country first (libphonenumber order).
const nonGeo = m.nonGeographic || {}
const codes = [...new Set([...Object.keys(m.country_calling_codes), ...Object.keys(nonGeo)])].sort((a, b) => Number(a) - Number(b))
for (const cc of codes) {
  for (const country of m.country_calling_codes[cc] || ['001']) {
    // Non-geographic entities (country "001", e.g. +800, +888) parse without a country.
    const d = country === '001' ? nonGeo[cc] : m.countries[country]
    if (!d) continue
    const types = (d[11] || []).map(t => (t ? (t[0] || '') + '~' + (t[1] || []).join(',') : '')).join(';')
    const f = [country, d[0], d[2], (d[3] || []).join(','), d[5] || '', d[7] || '', d[8] || '', d[10] || '', types]
    for (const x of f) if (String(x).includes('|') && x !== d[2] && x !== d[7] && x !== d[10] && !String(x).includes('~')) throw new Error('separator clash')
    lines.push(f.join('\t'))
  }
}
process.stdout.write(lines.join('\n') + '\n')
