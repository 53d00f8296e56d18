package org.perfcast.engine.expr;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.jdt.annotation.Nullable;

/**
 * An exact rational number, always in lowest terms with a positive denominator.
 * <p>
 * Numbers whose numerator and denominator fit in a long are held as two longs and computed with overflow
 * checks, so the common case of small integers allocates no {@link BigInteger}; larger ones fall back to
 * BigIntegers. Equal numbers are equal objects whichever way they were computed.
 */
public final class Rational implements Value, Comparable<@NonNull Rational> {

	/** The most bits an exact power may need before {@link #pow(BigInteger)} refuses to compute it. */
	public static final int MAX_BITS = 10_000;

	private static final int CACHE_LOW = -128;
	private static final Rational[] CACHE = new Rational[1152];

	private static final MathContext DOUBLE_CONTEXT = new MathContext(20);
	private static final double LN2 = Math.log(2);

	static {
		for (int i = 0; i < CACHE.length; i++) {
			CACHE[i] = new Rational(CACHE_LOW + i, 1);
		}
	}

	/** Zero. */
	public static final Rational ZERO = of(0);
	/** One. */
	public static final Rational ONE = of(1);

	// the small form, used when bigNum is null
	private final long num;
	private final long den;
	// the large form, used when the numerator or the denominator does not fit in a long
	private final @Nullable BigInteger bigNum;
	private final @Nullable BigInteger bigDen;

	private Rational(long num, long den) {
		this.num = num;
		this.den = den;
		this.bigNum = null;
		this.bigDen = null;
	}

	private Rational(BigInteger num, BigInteger den) {
		this.num = 0;
		this.den = 0;
		this.bigNum = num;
		this.bigDen = den;
	}

	/** The integer {@code value}. */
	public static Rational of(long value) {
		long index = value - CACHE_LOW;
		return index >= 0 && index < CACHE.length ? CACHE[(int) index] : new Rational(value, 1);
	}

	/**
	 * The fraction {@code numerator / denominator}, reduced.
	 *
	 * @throws ExpressionException if the denominator is zero
	 */
	public static Rational of(long numerator, long denominator) {
		if (denominator == 0) {
			throw divisionByZero();
		}
		if (denominator == 1) {
			return of(numerator);
		}
		if (numerator == Long.MIN_VALUE || denominator == Long.MIN_VALUE) {
			return of(BigInteger.valueOf(numerator), BigInteger.valueOf(denominator));
		}
		long g = gcd(Math.abs(numerator), Math.abs(denominator));
		long n = numerator / g;
		long d = denominator / g;
		if (d < 0) {
			n = -n;
			d = -d;
		}
		return d == 1 ? of(n) : new Rational(n, d);
	}

	/**
	 * The fraction {@code numerator / denominator}, reduced.
	 *
	 * @throws ExpressionException if the denominator is zero
	 */
	public static Rational of(BigInteger numerator, BigInteger denominator) {
		if (denominator.signum() == 0) {
			throw divisionByZero();
		}
		BigInteger g = numerator.gcd(denominator);
		BigInteger n = numerator.divide(g);
		BigInteger d = denominator.divide(g);
		if (d.signum() < 0) {
			n = n.negate();
			d = d.negate();
		}
		if (n.bitLength() < 64 && d.bitLength() < 64) {
			return d.equals(BigInteger.ONE) ? of(n.longValue()) : new Rational(n.longValue(), d.longValue());
		}
		if (n.bitLength() > 2 * MAX_BITS || d.bitLength() > 2 * MAX_BITS) { // a product of two of the largest powers
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "an exact result would need more than "
					+ 2 * MAX_BITS + " bits (repeated squaring?)");
		}
		return new Rational(n, d);
	}

	/**
	 * The exact value of a finite double as its shortest decimal form reads: 60.0 is 60, 0.2 is 1/5 (not the
	 * binary fraction nearest to 0.2). Parameter values from {@code --set} enter expressions this way.
	 *
	 * @throws IllegalArgumentException if {@code value} is NaN or infinite
	 */
	public static Rational valueOf(double value) {
		if (Double.isNaN(value) || Double.isInfinite(value)) {
			throw new IllegalArgumentException("not a finite number: " + value);
		}
		if (value == (long) value) {
			return of((long) value);
		}
		return of(BigDecimal.valueOf(value));
	}

	/**
	 * The exact value of a decimal literal such as "60", "0.2", ".5", "7." or "2.5e-6".
	 *
	 * @throws NumberFormatException if {@code text} is not such a literal
	 * @throws ExpressionException   if its exact value would need more than {@value #MAX_BITS} bits
	 */
	public static Rational parse(String text) {
		if (!text.matches("(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
			throw new NumberFormatException("'" + text + "' is not a number");
		}
		BigDecimal decimal;
		try {
			decimal = new BigDecimal(text);
		} catch (NumberFormatException e) {
			throw tooLarge("number " + text);
		}
		// 10^k needs about 3.33 k bits
		if ((double) Math.abs(decimal.scale()) * 3.33 + decimal.unscaledValue().bitLength() > MAX_BITS) {
			throw tooLarge("number " + text);
		}
		return of(decimal);
	}

	private static Rational of(BigDecimal decimal) {
		BigInteger unscaled = decimal.unscaledValue();
		int scale = decimal.scale();
		return scale <= 0 ? of(unscaled.multiply(BigInteger.TEN.pow(-scale)), BigInteger.ONE)
				: of(unscaled, BigInteger.TEN.pow(scale));
	}

	/** The numerator, in lowest terms; negative for negative numbers. */
	public BigInteger numerator() {
		return bigNum == null ? BigInteger.valueOf(num) : bigNum;
	}

	/** The denominator, in lowest terms; always positive. */
	public BigInteger denominator() {
		return bigDen == null ? BigInteger.valueOf(den) : bigDen;
	}

	@Override
	public boolean isInteger() {
		return bigDen == null ? den == 1 : bigDen.equals(BigInteger.ONE);
	}

	/** -1, 0 or 1 as this number is negative, zero or positive. */
	public int signum() {
		return bigNum == null ? Long.signum(num) : bigNum.signum();
	}

	@Override
	public double toDouble() {
		if (bigNum == null && Math.abs(num) < (1L << 53) && den < (1L << 53)) {
			return (double) num / den;
		}
		return new BigDecimal(numerator()).divide(new BigDecimal(denominator()), DOUBLE_CONTEXT).doubleValue();
	}

	@Override
	public Rational negate() {
		return bigNum == null && num != Long.MIN_VALUE ? small(-num, den) : of(numerator().negate(), denominator());
	}

	@Override
	public Rational abs() {
		return signum() < 0 ? negate() : this;
	}

	/** This number plus {@code other}. */
	public Rational add(Rational other) {
		if (bigNum == null && other.bigNum == null) {
			try {
				if (den == 1 && other.den == 1) {
					return of(Math.addExact(num, other.num));
				}
				long g = gcd(den, other.den);
				return of(Math.addExact(Math.multiplyExact(num, other.den / g), Math.multiplyExact(other.num, den / g)),
						Math.multiplyExact(den / g, other.den));
			} catch (ArithmeticException overflow) {
				// computed below with BigIntegers
			}
		}
		return of(numerator().multiply(other.denominator()).add(other.numerator().multiply(denominator())),
				denominator().multiply(other.denominator()));
	}

	/** This number minus {@code other}. */
	public Rational subtract(Rational other) {
		return add(other.negate());
	}

	/** This number times {@code other}. */
	public Rational multiply(Rational other) {
		if (bigNum == null && other.bigNum == null) {
			try {
				if (den == 1 && other.den == 1) {
					return of(Math.multiplyExact(num, other.num));
				}
				if (num == 0 || other.num == 0) {
					return ZERO;
				}
				// cross-cancel first so the products stay small and the result is already reduced
				long g1 = gcd(Math.absExact(num), other.den);
				long g2 = gcd(Math.absExact(other.num), den);
				return small(Math.multiplyExact(num / g1, other.num / g2), Math.multiplyExact(den / g2, other.den / g1));
			} catch (ArithmeticException overflow) {
				// computed below with BigIntegers
			}
		}
		return of(numerator().multiply(other.numerator()), denominator().multiply(other.denominator()));
	}

	/**
	 * This number divided by {@code other}.
	 *
	 * @throws ExpressionException if {@code other} is zero
	 */
	public Rational divide(Rational other) {
		if (other.signum() == 0) {
			throw divisionByZero();
		}
		if (bigNum == null && other.bigNum == null && other.num != Long.MIN_VALUE) {
			return multiply(other.num < 0 ? small(-other.den, -other.num) : small(other.den, other.num));
		}
		return multiply(of(other.denominator(), other.numerator()));
	}

	/**
	 * This number modulo {@code other}: {@code this - other * floor(this / other)}, which has the sign of
	 * {@code other}.
	 *
	 * @throws ExpressionException if {@code other} is zero
	 */
	public Rational mod(Rational other) {
		if (other.signum() == 0) {
			throw moduloByZero();
		}
		if (bigNum == null && other.bigNum == null && den == 1 && other.den == 1) {
			return of(Math.floorMod(num, other.num));
		}
		return subtract(other.multiply(divide(other).floor()));
	}

	@Override
	public Rational floor() {
		if (bigNum == null) {
			return den == 1 ? this : of(Math.floorDiv(num, den));
		}
		BigInteger[] qr = numerator().divideAndRemainder(denominator());
		return of(qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0], BigInteger.ONE);
	}

	@Override
	public Rational ceil() {
		if (bigNum == null) {
			return den == 1 ? this : of(Math.ceilDiv(num, den));
		}
		BigInteger[] qr = numerator().divideAndRemainder(denominator());
		return of(qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0], BigInteger.ONE);
	}

	/**
	 * This number to an integer power.
	 *
	 * @throws ExpressionException if this is zero and the exponent negative, or the result would need more
	 *                             than {@value #MAX_BITS} bits
	 */
	public Rational pow(BigInteger exponent) {
		int sign = exponent.signum();
		if (sign == 0) {
			return ONE;
		}
		if (signum() == 0) {
			if (sign < 0) {
				throw zeroToNegativePower();
			}
			return ZERO;
		}
		if (equals(ONE)) {
			return ONE;
		}
		if (equals(of(-1))) {
			return exponent.testBit(0) ? this : ONE;
		}
		if (bigNum == null && exponent.bitLength() < 32) {
			Rational small = smallPow(Math.abs(exponent.intValue()), sign);
			if (small != null) {
				return small;
			}
		}
		double bitsPerFactor = Math.max(log2(numerator().abs()), log2(denominator()));
		if (exponent.bitLength() > 31 || bitsPerFactor * Math.abs(exponent.doubleValue()) > MAX_BITS) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE,
					"result of '^' would need more than " + MAX_BITS + " bits");
		}
		int e = Math.abs(exponent.intValue());
		BigInteger n = numerator().pow(e);
		BigInteger d = denominator().pow(e);
		return sign > 0 ? of(n, d) : of(d, n);
	}

	/**
	 * This number (in the small form, not 0 or ±1) to the power ±e in long arithmetic, or null when a power
	 * overflows a long (which happens within 63 factors).
	 */
	private @Nullable Rational smallPow(int e, int sign) {
		long n = 1;
		long d = 1;
		try {
			for (int i = 0; i < e; i++) {
				n = Math.multiplyExact(n, num);
				d = Math.multiplyExact(d, den);
			}
		} catch (ArithmeticException overflow) {
			return null;
		}
		return sign > 0 ? of(n, d) : of(d, n);
	}

	/** The square root: exact if numerator and denominator are perfect squares, else a real. */
	@Override
	public Value sqrt() {
		if (signum() < 0) {
			throw sqrtOfNegative();
		}
		BigInteger n = numerator().sqrt();
		BigInteger d = denominator().sqrt();
		if (n.multiply(n).equals(numerator()) && d.multiply(d).equals(denominator())) {
			return of(n, d);
		}
		if (bigNum == null) {
			return new Real(Math.sqrt(toDouble()));
		}
		BigDecimal quotient = new BigDecimal(numerator()).divide(new BigDecimal(denominator()), DOUBLE_CONTEXT);
		return Real.checked(quotient.sqrt(DOUBLE_CONTEXT).doubleValue(), "sqrt");
	}

	/** The base-2 logarithm: exact if this is a power of two (1/8 gives -3), else a real. */
	@Override
	public Value log2() {
		checkLog2Domain(signum());
		BigInteger n = numerator();
		BigInteger d = denominator();
		if (d.equals(BigInteger.ONE) && n.bitCount() == 1) {
			return of(n.bitLength() - 1);
		}
		if (n.equals(BigInteger.ONE) && d.bitCount() == 1) {
			return of(1 - d.bitLength());
		}
		return new Real(log2(n) - log2(d));
	}

	@Override
	public int compareTo(Rational other) {
		if (bigNum == null && other.bigNum == null) {
			if (den == other.den) {
				return Long.compare(num, other.num);
			}
			try {
				return Long.compare(Math.multiplyExact(num, other.den), Math.multiplyExact(other.num, den));
			} catch (ArithmeticException overflow) {
				// compared below with BigIntegers
			}
		}
		return numerator().multiply(other.denominator()).compareTo(other.numerator().multiply(denominator()));
	}

	@Override
	public boolean equals(@Nullable Object obj) {
		if (!(obj instanceof Rational other)) {
			return false;
		}
		return bigNum == null ? other.bigNum == null && num == other.num && den == other.den
				: bigNum.equals(other.bigNum) && denominator().equals(other.bigDen);
	}

	@Override
	public int hashCode() {
		return bigNum == null ? 31 * Long.hashCode(num) + Long.hashCode(den)
				: 31 * numerator().hashCode() + denominator().hashCode();
	}

	/** "60" for integers, "numerator/denominator" otherwise ("1/5", "-7/2"). */
	@Override
	public String toString() {
		if (bigNum == null) {
			return den == 1 ? Long.toString(num) : num + "/" + den;
		}
		return isInteger() ? numerator().toString() : numerator() + "/" + denominator();
	}

	static ExpressionException divisionByZero() {
		return new ExpressionException(ExpressionException.Kind.DOMAIN, "division by zero");
	}

	static ExpressionException moduloByZero() {
		return new ExpressionException(ExpressionException.Kind.DOMAIN, "modulo by zero");
	}

	static ExpressionException zeroToNegativePower() {
		return new ExpressionException(ExpressionException.Kind.DOMAIN, "zero to a negative power");
	}

	static ExpressionException sqrtOfNegative() {
		return new ExpressionException(ExpressionException.Kind.DOMAIN, "square root of a negative number");
	}

	static void checkLog2Domain(int signum) {
		if (signum <= 0) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN,
					signum == 0 ? "log2 of zero" : "log2 of a negative number");
		}
	}

	private static ExpressionException tooLarge(String what) {
		return new ExpressionException(ExpressionException.Kind.TOO_LARGE,
				what + " would need more than " + MAX_BITS + " bits");
	}

	/** A reduced fraction with a positive denominator, or an integer. */
	private static Rational small(long num, long den) {
		return den == 1 ? of(num) : new Rational(num, den);
	}

	private static long gcd(long a, long b) {
		while (b != 0) {
			long t = a % b;
			a = b;
			b = t;
		}
		return a;
	}

	/** log2 of a positive integer, also beyond the range of doubles. */
	private static double log2(BigInteger value) {
		int shift = Math.max(0, value.bitLength() - 62);
		return Math.log(value.shiftRight(shift).doubleValue()) / LN2 + shift;
	}
}
