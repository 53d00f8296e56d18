package org.perfcast.engine.expr;

import java.math.BigDecimal;
import java.math.BigInteger;

import org.perfcast.engine.Numbers;

/**
 * The value of an expression: an exact {@link Rational}, an inexact {@link Real} or a {@link Bool}.
 * <p>
 * Arithmetic stays exact while both operands are exact and the operation allows it; as soon as an operand is
 * a {@code Real}, or the result is irrational (a square root, a logarithm, a fractional power), the result is
 * a {@code Real}. Results are never NaN or infinite: such operations throw {@link ExpressionException} instead,
 * without a position (the evaluator adds it). Using a boolean as a number, or the reverse, throws a
 * {@link ExpressionException.Kind#TYPE} exception.
 * <p>
 * {@code toString()} prints exact integers as "60", other exact values as fractions ("1/5", "-7/2"), reals as
 * {@link Numbers#format(double)} does ("0.2") and booleans as "true" and "false"; {@link #format()} prints
 * every number in decimal.
 */
public sealed interface Value permits Rational, Value.Real, Value.Bool {

	/** The exact integer {@code value}. */
	static Rational of(long value) {
		return Rational.of(value);
	}

	/**
	 * The inexact number {@code value}.
	 *
	 * @throws IllegalArgumentException if it is NaN or infinite
	 */
	static Real of(double value) {
		return new Real(value);
	}

	/** The boolean {@code value}. */
	static Bool of(boolean value) {
		return value ? Bool.TRUE : Bool.FALSE;
	}

	/** Whether this is a number, exact or not. */
	default boolean isNumber() {
		return !(this instanceof Bool);
	}

	/** Whether this is an exact number. */
	default boolean isExact() {
		return this instanceof Rational;
	}

	/** Whether this is a number without a fractional part. */
	default boolean isInteger() {
		return switch (this) {
			case Rational r -> r.isInteger();
			case Real r -> r.value() == Math.rint(r.value());
			case Bool b -> false;
		};
	}

	/**
	 * This number as a double, rounded if it is exact; infinite if it is exact and beyond the double range.
	 *
	 * @throws ExpressionException if this is a boolean
	 */
	double toDouble();

	/**
	 * This boolean.
	 *
	 * @throws ExpressionException if this is a number
	 */
	default boolean toBoolean() {
		throw new ExpressionException(ExpressionException.Kind.TYPE, "expected a boolean but found the number " + this);
	}

	/**
	 * This number as an integer, e.g. for an index or a count.
	 *
	 * @throws ExpressionException if this is a boolean or has a fractional part
	 */
	default BigInteger toBigInteger() {
		if (this instanceof Rational r && r.isInteger()) {
			return r.numerator();
		}
		if (this instanceof Real r && r.isInteger()) {
			return new BigDecimal(r.value()).toBigIntegerExact();
		}
		throw new ExpressionException(isNumber() ? ExpressionException.Kind.NOT_INTEGER : ExpressionException.Kind.TYPE,
				"expected an integer but found " + (isNumber() ? this : "a boolean"));
	}

	/**
	 * This number as a long integer.
	 *
	 * @throws ExpressionException if this is a boolean, has a fractional part or does not fit in a long
	 */
	default long longValueExact() {
		BigInteger value = toBigInteger();
		if (value.bitLength() > 63) {
			throw new ExpressionException(ExpressionException.Kind.TOO_LARGE,
					"integer " + this + " is too large (more than 63 bits)");
		}
		return value.longValue();
	}

	/** Numbers in decimal as {@link Numbers#format(double)} prints them ("0.2", "0.333333333333"), booleans as words. */
	default String format() {
		return switch (this) {
			case Rational r -> r.isInteger() && r.numerator().bitLength() < 50 ? r.toString() : Numbers.format(toDouble());
			case Real r -> Numbers.format(r.value());
			case Bool b -> b.toString();
		};
	}

	/** Minus this number. */
	default Value negate() {
		return this instanceof Rational r ? r.negate() : new Real(-toDouble());
	}

	/** This number plus {@code other}. */
	default Value add(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.add(b);
		}
		return Real.checked(toDouble() + other.toDouble(), "+");
	}

	/** This number minus {@code other}. */
	default Value subtract(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.subtract(b);
		}
		return Real.checked(toDouble() - other.toDouble(), "-");
	}

	/** This number times {@code other}. */
	default Value multiply(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.multiply(b);
		}
		return Real.checked(toDouble() * other.toDouble(), "*");
	}

	/** This number divided by {@code other}; division by zero throws. */
	default Value divide(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.divide(b);
		}
		double divisor = other.toDouble();
		double dividend = toDouble();
		if (divisor == 0) {
			throw Rational.divisionByZero();
		}
		return Real.checked(dividend / divisor, "/");
	}

	/** This number modulo {@code other}, with the sign of {@code other} (-1 mod 6 = 5); modulo zero throws. */
	default Value mod(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.mod(b);
		}
		double divisor = other.toDouble();
		double dividend = toDouble();
		if (divisor == 0) {
			throw Rational.moduloByZero();
		}
		double result = dividend - divisor * Math.floor(dividend / divisor);
		// rounding can land exactly on the divisor, which is outside the range of a modulo
		return Real.checked(result == divisor ? 0 : result, "mod");
	}

	/**
	 * This number to the power {@code exponent}: exact for an exact base and integer exponent (refused if the
	 * result would need more than {@value Rational#MAX_BITS} bits), else a real.
	 */
	default Value power(Value exponent) {
		if (this instanceof Rational base && exponent instanceof Rational e && e.isInteger()) {
			return base.pow(e.numerator());
		}
		double b = toDouble();
		double e = exponent.toDouble();
		if (b == 0 && e < 0) {
			throw Rational.zeroToNegativePower();
		}
		if (b < 0 && e != Math.rint(e)) {
			throw new ExpressionException(ExpressionException.Kind.DOMAIN, "negative number to a non-integer power");
		}
		return Real.checked(Math.pow(b, e), "^");
	}

	/** The largest integer not above this number. */
	default Value floor() {
		return this instanceof Rational r ? r.floor() : new Real(Math.floor(toDouble()));
	}

	/** The smallest integer not below this number. */
	default Value ceil() {
		return this instanceof Rational r ? r.ceil() : new Real(Math.ceil(toDouble()));
	}

	/** The absolute value of this number. */
	default Value abs() {
		return this instanceof Rational r ? r.abs() : new Real(Math.abs(toDouble()));
	}

	/** The square root of this number: exact when it is the square of an exact number. */
	default Value sqrt() {
		if (this instanceof Rational r) {
			return r.sqrt();
		}
		double value = toDouble();
		if (value < 0) {
			throw Rational.sqrtOfNegative();
		}
		return new Real(Math.sqrt(value));
	}

	/** The base-2 logarithm of this number: exact for exact powers of two. */
	default Value log2() {
		if (this instanceof Rational r) {
			return r.log2();
		}
		double value = toDouble();
		Rational.checkLog2Domain(Double.compare(value, 0.0) > 0 ? 1 : value == 0 ? 0 : -1);
		boolean powerOfTwo = (Double.doubleToRawLongBits(value) & 0x000f_ffff_ffff_ffffL) == 0
				&& Math.getExponent(value) >= Double.MIN_EXPONENT;
		return new Real(powerOfTwo ? Math.getExponent(value) : Math.log(value) / Math.log(2));
	}

	/** Compares two numbers: negative, zero or positive as this one is below, equal to or above {@code other}. */
	default int compare(Value other) {
		if (this instanceof Rational a && other instanceof Rational b) {
			return a.compareTo(b);
		}
		double a = toDouble();
		double b = other.toDouble();
		return a < b ? -1 : a > b ? 1 : 0;
	}

	/**
	 * Whether this value equals {@code other}: two numbers of equal value (exact or not), or two equal booleans.
	 *
	 * @throws ExpressionException if one is a number and the other a boolean
	 */
	default boolean sameAs(Value other) {
		if (this instanceof Bool a && other instanceof Bool b) {
			return a.value() == b.value();
		}
		if (isNumber() != other.isNumber()) {
			throw new ExpressionException(ExpressionException.Kind.TYPE, "cannot compare a number with a boolean");
		}
		return compare(other) == 0;
	}

	/**
	 * An inexact number: a finite double.
	 *
	 * @param value the number, never NaN or infinite
	 */
	record Real(double value) implements Value {

		public Real {
			if (Double.isNaN(value) || Double.isInfinite(value)) {
				throw new IllegalArgumentException("a real must be finite, was " + value);
			}
		}

		/** The result {@code value} of the operation {@code operator}, refused if NaN or infinite. */
		static Real checked(double value, String operator) {
			if (Double.isNaN(value)) {
				throw new ExpressionException(ExpressionException.Kind.DOMAIN, "result of '" + operator + "' is undefined");
			}
			if (Double.isInfinite(value)) {
				throw new ExpressionException(ExpressionException.Kind.TOO_LARGE, "result of '" + operator + "' is too large");
			}
			return new Real(value);
		}

		@Override
		public double toDouble() {
			return value;
		}

		/** The number as {@link Numbers#format(double)} prints it. */
		@Override
		public String toString() {
			return Numbers.format(value);
		}
	}

	/**
	 * A truth value, the result of comparisons and logical operators.
	 *
	 * @param value the truth value
	 */
	record Bool(boolean value) implements Value {

		/** True. */
		public static final Bool TRUE = new Bool(true);
		/** False. */
		public static final Bool FALSE = new Bool(false);

		@Override
		public double toDouble() {
			throw new ExpressionException(ExpressionException.Kind.TYPE, "expected a number but found a boolean");
		}

		@Override
		public boolean toBoolean() {
			return value;
		}

		/** "true" or "false". */
		@Override
		public String toString() {
			return Boolean.toString(value);
		}
	}
}
