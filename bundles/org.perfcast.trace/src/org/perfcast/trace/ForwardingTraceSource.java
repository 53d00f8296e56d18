package org.perfcast.trace;

import java.io.IOException;

import org.eclipse.jdt.annotation.Nullable;

/** A trace source that passes every call to another: subclasses change what they are about. */
public abstract class ForwardingTraceSource implements TraceSource {

	/** The source the calls go to. */
	protected final TraceSource source;

	protected ForwardingTraceSource(TraceSource source) {
		this.source = source;
	}

	@Override
	public TraceHeader header() {
		return source.header();
	}

	@Override
	public ThreadNames names() {
		return source.names();
	}

	@Override
	public @Nullable TraceEvent next() throws TraceException, IOException {
		return source.next();
	}

	@Override
	public boolean truncated() {
		return source.truncated();
	}

	@Override
	public double processCpu() {
		return source.processCpu();
	}

	@Override
	public double othersCpu() {
		return source.othersCpu();
	}

	@Override
	public String file() {
		return source.file();
	}

	@Override
	public long length() {
		return source.length();
	}

	@Override
	public long position() {
		return source.position();
	}

	@Override
	public void close() throws IOException {
		source.close();
	}
}
