# Writes SIZE MiB of English-like text, the same bytes on every machine: lines of 6 to 16 words drawn from a
# fixed vocabulary (later words more often) by a linear congruential generator, each line numbered and ending
# in a number. It compresses about as well as prose (gzip -6: 29 %, bzip2: 21 %).
#   awk -v size=64 -f make-input.awk > text
BEGIN {
	n = split("the of and to in is was that for on with as by at from it an be this which or are have not " \
		"had but were his they their one all been has more when there its who will would can into about " \
		"other than some only time so these may also first after new two most over such many any year years " \
		"state city people could made where work number part between used three later each during under " \
		"while both through before since well however called back", word, " ")
	if (size <= 0) size = 64
	x = 12345
	target = size * 1048576
	written = 0
	line = 0
	while (written < target) {
		s = sprintf("%08d", line++)
		k = 6 + line % 11
		for (i = 0; i < k; i++) {
			x = (x * 69069 + 1) % 4294967296
			s = s " " word[1 + int(sqrt(x % (n * n)))]
		}
		x = (x * 69069 + 1) % 4294967296
		s = s " " x % 100000
		if (written + length(s) + 1 > target) s = substr(s, 1, target - written - 1)
		print s
		written += length(s) + 1
	}
}
