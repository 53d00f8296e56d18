/**
 * The expression language of every Perfcast model: counts, sizes, costs and indices over named parameters,
 * e.g. {@code (P + q - p) mod P} or {@code b*(p + 1) - 1}.
 * <p>
 * {@link org.perfcast.engine.expr.Lexer} splits text into tokens, {@link org.perfcast.engine.expr.ExpressionParser}
 * parses one expression from a {@link org.perfcast.engine.expr.TokenCursor} (so host languages such as PAMELA
 * can embed it), {@link org.perfcast.engine.expr.Expression#parse(String)} parses a whole string, and
 * {@link org.perfcast.engine.expr.Expression#evaluate(Scope)} computes a
 * {@link org.perfcast.engine.expr.Value}: exact rationals where possible, doubles otherwise, never NaN or
 * infinity. Every problem is an {@link org.perfcast.engine.expr.ExpressionException} with its position.
 * <p>
 * Operators, loosest first; within a row, left-associative unless noted:
 * <table>
 * <caption>Precedence</caption>
 * <tr><td>1</td><td>{@code c ? a : b}</td><td>right-associative</td></tr>
 * <tr><td>2</td><td>{@code or}, {@code ||}</td><td></td></tr>
 * <tr><td>3</td><td>{@code and}, {@code &&}</td><td></td></tr>
 * <tr><td>4</td><td>{@code not}, {@code !} (prefix)</td><td>{@code not a < b} is {@code not (a < b)}</td></tr>
 * <tr><td>5</td><td>{@code < <= > >= == !=}</td><td>non-associative: {@code a < b < c} is an error</td></tr>
 * <tr><td>6</td><td>{@code + -}</td><td></td></tr>
 * <tr><td>7</td><td>{@code * / mod} (also {@code × ÷})</td><td></td></tr>
 * <tr><td>8</td><td>{@code -} (prefix)</td><td></td></tr>
 * <tr><td>9</td><td>{@code ^}</td><td>right-associative; binds tighter than prefix minus on its left
 * ({@code -2^2 = -4}) and takes a signed exponent ({@code 2^-1})</td></tr>
 * <tr><td>10</td><td>numbers, names, calls {@code f(a, b)}, {@code ( ... )}</td><td></td></tr>
 * </table>
 * Functions: {@code floor ceil min max mod log2 sqrt abs}, and {@code owner(i, j)} where the scope gives it (see
 * {@link org.perfcast.engine.expr.Builtin}).
 * {@code mod}, {@code and}, {@code or} and {@code not} are keywords; {@code #} starts a comment to the end of the
 * line.
 */
@NonNullByDefault({ PARAMETER, RETURN_TYPE, FIELD, TYPE_BOUND })
package org.perfcast.engine.expr;

import static org.eclipse.jdt.annotation.DefaultLocation.FIELD;
import static org.eclipse.jdt.annotation.DefaultLocation.PARAMETER;
import static org.eclipse.jdt.annotation.DefaultLocation.RETURN_TYPE;
import static org.eclipse.jdt.annotation.DefaultLocation.TYPE_BOUND;

import org.eclipse.jdt.annotation.NonNullByDefault;
