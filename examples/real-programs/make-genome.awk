# Writes a reference genome and reads sampled from it, the same bytes on every machine (a linear congruential
# generator): what=ref gives one FASTA record of kb kilobases; what=reads gives n FASTQ reads of 150 bases,
# each from a random place on either strand with 1 % substitutions; what=proteins gives n FASTA protein
# sequences of about len residues, mutated copies of 8 ancestors (for multiple alignment).
#   awk -v what=ref -v kb=4000 -f make-genome.awk > ref.fa
#   awk -v what=reads -v kb=4000 -v n=200000 -f make-genome.awk > reads.fq
#   awk -v what=proteins -v n=400 -v len=300 -f make-genome.awk > proteins.fa
function rnd(m) { # a number in [0, m)
	x = (x * 69069 + 1) % 4294967296
	return int(x / 65536) % m
}
function genome(   i, k, s) { # the reference, kb kilobases, as chunks g[0..kb-1] of 1000 bases
	for (k = 0; k < kb; k++) {
		s = ""
		for (i = 0; i < 1000; i++) s = s substr("ACGT", 1 + rnd(4), 1)
		g[k] = s
	}
}
BEGIN {
	x = 2718281
	if (what == "ref" || what == "reads") {
		genome()
		if (what == "ref") {
			print ">chr1"
			for (k = 0; k < kb; k++) printf "%s", g[k]
			printf "\n"
			exit
		}
		comp["A"] = "T"; comp["C"] = "G"; comp["G"] = "C"; comp["T"] = "A"
		for (r = 0; r < n; r++) {
			k = rnd(kb - 1)
			s = substr(g[k] g[k + 1], 1 + rnd(1000), 150)
			t = ""
			for (i = 1; i <= 150; i++) {
				c = substr(s, i, 1)
				if (rnd(100) == 0) c = substr("ACGT", 1 + rnd(4), 1)
				t = t c
			}
			if (rnd(2)) {
				u = ""
				for (i = 150; i >= 1; i--) u = u comp[substr(t, i, 1)]
				t = u
			}
			printf "@read%d\n%s\n+\n%s\n", r, t, substr(q150(), 1, 150)
		}
		exit
	}
	if (what == "proteins") {
		aa = "ACDEFGHIKLMNPQRSTVWY"
		for (a = 0; a < 8; a++) {
			anc[a] = ""
			for (i = 0; i < len; i++) anc[a] = anc[a] substr(aa, 1 + rnd(20), 1)
		}
		for (r = 0; r < n; r++) {
			s = anc[r % 8]
			t = ""
			for (i = 1; i <= length(s); i++) {
				k = rnd(100)
				if (k < 15) t = t substr(aa, 1 + rnd(20), 1)      # substitution
				else if (k < 17) continue                         # deletion
				else if (k < 19) t = t substr(s, i, 1) substr(aa, 1 + rnd(20), 1) # insertion
				else t = t substr(s, i, 1)
			}
			printf ">seq%d\n", r
			for (i = 1; i <= length(t); i += 60) print substr(t, i, 60)
		}
	}
}
function q150(   i) {
	if (quals == "") for (i = 0; i < 150; i++) quals = quals "I"
	return quals
}
