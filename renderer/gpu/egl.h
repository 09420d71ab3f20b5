// The GL side of the gpu renderer: an EGL context with no window (Mesa's
// surfaceless platform, else an EGL device, else the default display), an
// offscreen framebuffer, one shader program, and the calls a frame makes.
// Every function runs on the one OS thread the context is current on.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// PB_RING is how many instance buffers a renderer cycles through, each
// with the fence of the frame that last drew from it: a frame waits only
// for the frame PB_RING frames back, whose buffer it is about to rewrite,
// never for itself.
#define PB_RING 3

typedef struct {
	EGLDisplay dpy;
	EGLContext ctx;
	EGLSurface pbuf;
	GLuint fbo, rb, prog, vao, atlas, sprites, blank;
	GLint uView;
	int w, h;
	GLuint vbo[PB_RING];
	size_t vboSize[PB_RING];
	GLsync fence[PB_RING];
	int slot; // the ring's buffer this frame writes and draws from
	// Frames that found their buffer still in use by the GPU and waited,
	// and the wall time they waited, in all.
	unsigned long long waits, waitNs;
	// GL_EXT_disjoint_timer_query, when the driver has it: ES 3.0's own
	// query calls with its GL_TIME_ELAPSED_EXT target, and its one call
	// ES 3.0 lacks, the 64-bit result. (Its ES 2.0 entry points are not
	// used: through glvnd, eglGetProcAddress hands out a stub for any
	// name, and NVIDIA's ES 3 driver answers glGetQueryObjectivEXT with
	// nothing, so no result ever looked available.)
	PFNGLGETQUERYOBJECTUI64VEXTPROC getQueryui64v;
	GLuint query;
	int queryPending;
	unsigned long long queryNs; // the last timer query's result
} pbgl;

static const char *pb_vs =
	"#version 300 es\n"
	"layout(location=0) in vec4 a_rect;\n"
	"layout(location=1) in vec4 a_clip;\n"
	"layout(location=2) in vec4 a_fill;\n"
	"layout(location=3) in vec4 a_stroke;\n"
	"layout(location=4) in vec4 a_param;\n"
	"layout(location=5) in vec2 a_mask;\n"
	"uniform vec2 u_view;\n"
	"flat out vec4 v_rect; flat out vec4 v_fill; flat out vec4 v_stroke; flat out vec4 v_param; flat out vec2 v_mask;\n"
	"void main() {\n"
	"  vec2 corner = vec2(float(gl_VertexID & 1), float((gl_VertexID >> 1) & 1));\n"
	"  vec2 p = mix(a_clip.xy, a_clip.zw, corner);\n"
	"  gl_Position = vec4(p.x / u_view.x * 2.0 - 1.0, 1.0 - p.y / u_view.y * 2.0, 0.0, 1.0);\n"
	"  v_rect = a_rect; v_fill = a_fill; v_stroke = a_stroke; v_param = a_param; v_mask = a_mask;\n"
	"}\n";

// The fragment shader fills exactly as renderer/raster does: boxes by
// signed distance, glyphs from the atlas page's texels, sprites by the
// texel under the pixel's centre. Output is premultiplied.
static const char *pb_fs =
	"#version 300 es\n"
	"precision highp float;\n"
	"uniform vec2 u_view;\n"
	"uniform sampler2D u_atlas;\n"
	"uniform sampler2D u_sprites;\n"
	"flat in vec4 v_rect; flat in vec4 v_fill; flat in vec4 v_stroke; flat in vec4 v_param; flat in vec2 v_mask;\n"
	"out vec4 o;\n"
	"float sdRoundBox(vec2 p, vec2 b, float r) {\n"
	"  vec2 q = abs(p) - b + r;\n"
	"  return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;\n"
	"}\n"
	"void main() {\n"
	"  vec2 p = vec2(gl_FragCoord.x, u_view.y - gl_FragCoord.y);\n"
	"  int mode = int(v_param.x);\n"
	"  if (mode == 0) {\n"
	"    vec2 h = v_rect.zw * 0.5;\n"
	"    float r = max(min(v_param.y, min(h.x, h.y)), 0.0);\n"
	"    float d = sdRoundBox(p - (v_rect.xy + h), h, r);\n"
	"    float outer = clamp(0.5 - d, 0.0, 1.0);\n"
	"    float inner = v_param.z > 0.0 ? clamp(0.5 - (d + v_param.z), 0.0, 1.0) : outer;\n"
	"    o = v_fill * inner + v_stroke * (outer - inner);\n"
	"  } else if (mode == 1) {\n"
	"    ivec2 t = ivec2(v_mask) + ivec2(floor(p - v_rect.xy));\n"
	"    o = v_fill * texelFetch(u_atlas, t, 0).r;\n"
	"  } else {\n"
	"    int tx = clamp(int((p.x - v_rect.x) / v_rect.z * 16.0), 0, 15);\n"
	"    int ty = clamp(int((p.y - v_rect.y) / v_rect.w * 16.0), 0, 15);\n"
	"    o = texelFetch(u_sprites, ivec2(int(v_param.w) * 16 + tx, ty), 0);\n"
	"  }\n"
	"}\n";

static void pb_errf(char *err, int n, const char *what, EGLint code) {
	snprintf(err, n, "%s (EGL error 0x%x)", what, code);
}

static int has(const char *list, const char *ext) {
	if (!list) return 0;
	size_t n = strlen(ext);
	for (const char *p = list; (p = strstr(p, ext)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0)) return 1;
	return 0;
}

static EGLDisplay pb_display(void) {
	const char *cext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	PFNEGLGETPLATFORMDISPLAYEXTPROC plat = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	if (plat && has(cext, "EGL_MESA_platform_surfaceless")) {
		EGLDisplay d = plat(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
		if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
	}
	PFNEGLQUERYDEVICESEXTPROC devices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	if (plat && devices && has(cext, "EGL_EXT_platform_device")) {
		EGLDeviceEXT dev[8];
		EGLint n = 0;
		if (devices(8, dev, &n)) {
			for (int i = 0; i < n; i++) {
				EGLDisplay d = plat(EGL_PLATFORM_DEVICE_EXT, dev[i], NULL);
				if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
			}
		}
	}
	EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (d != EGL_NO_DISPLAY && eglInitialize(d, NULL, NULL)) return d;
	return EGL_NO_DISPLAY;
}

static GLuint pb_shader(GLenum kind, const char *src, char *err, int n) {
	GLuint s = glCreateShader(kind);
	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	GLint ok = 0;
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[512] = {0};
		glGetShaderInfoLog(s, sizeof log, NULL, log);
		snprintf(err, n, "shader: %s", log);
		return 0;
	}
	return s;
}

static GLuint pb_texture(void) {
	GLuint t;
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	return t;
}

// pb_context makes an OpenGL ES 3 context current on the calling thread,
// surfaceless or on a 1×1 pbuffer: all that asking the device its name
// needs. It returns 0 and a one-line reason when something is missing.
static int pb_context(pbgl *g, char *err, int n) {
	memset(g, 0, sizeof *g);
	g->dpy = pb_display();
	if (g->dpy == EGL_NO_DISPLAY) {
		pb_errf(err, n, "EGL: no display could be initialised (no EGL driver: install libegl1 and libegl-mesa0)", eglGetError());
		return 0;
	}
	if (!eglBindAPI(EGL_OPENGL_ES_API)) {
		pb_errf(err, n, "EGL: the OpenGL ES API is not available", eglGetError());
		return 0;
	}
	EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, 0, EGL_NONE};
	EGLConfig cfg;
	EGLint count = 0;
	if (!eglChooseConfig(g->dpy, attrs, &cfg, 1, &count) || count == 0) {
		pb_errf(err, n, "EGL: no OpenGL ES 3 configuration", eglGetError());
		return 0;
	}
	EGLint cattrs[] = {EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE};
	g->ctx = eglCreateContext(g->dpy, cfg, EGL_NO_CONTEXT, cattrs);
	if (g->ctx == EGL_NO_CONTEXT) {
		pb_errf(err, n, "EGL: no OpenGL ES 3 context", eglGetError());
		return 0;
	}
	g->pbuf = EGL_NO_SURFACE;
	if (!eglMakeCurrent(g->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, g->ctx)) {
		EGLint pattrs[] = {EGL_WIDTH, 1, EGL_HEIGHT, 1, EGL_NONE};
		g->pbuf = eglCreatePbufferSurface(g->dpy, cfg, pattrs);
		if (g->pbuf == EGL_NO_SURFACE || !eglMakeCurrent(g->dpy, g->pbuf, g->pbuf, g->ctx)) {
			pb_errf(err, n, "EGL: the context cannot be made current (no surfaceless context, no pbuffer)", eglGetError());
			return 0;
		}
	}
	return 1;
}

// pb_init makes the context current on the calling thread and builds
// everything that does not depend on the picture's size. It returns 0 and
// a one-line reason when something is missing.
static int pb_init(pbgl *g, char *err, int n) {
	if (!pb_context(g, err, n)) return 0;
	GLuint vs = pb_shader(GL_VERTEX_SHADER, pb_vs, err, n);
	GLuint fs = vs ? pb_shader(GL_FRAGMENT_SHADER, pb_fs, err, n) : 0;
	if (!fs) return 0;
	g->prog = glCreateProgram();
	glAttachShader(g->prog, vs);
	glAttachShader(g->prog, fs);
	glLinkProgram(g->prog);
	GLint ok = 0;
	glGetProgramiv(g->prog, GL_LINK_STATUS, &ok);
	if (!ok) {
		snprintf(err, n, "shader: the program does not link");
		return 0;
	}
	glUseProgram(g->prog);
	g->uView = glGetUniformLocation(g->prog, "u_view");
	glUniform1i(glGetUniformLocation(g->prog, "u_atlas"), 0);
	glUniform1i(glGetUniformLocation(g->prog, "u_sprites"), 1);

	glGenVertexArrays(1, &g->vao);
	glBindVertexArray(g->vao);
	glGenBuffers(PB_RING, g->vbo);
	glBindBuffer(GL_ARRAY_BUFFER, g->vbo[0]);
	const int stride = 22 * sizeof(float);
	const int sizes[6] = {4, 4, 4, 4, 4, 2};
	int off = 0;
	for (int i = 0; i < 6; i++) {
		glEnableVertexAttribArray(i);
		glVertexAttribPointer(i, sizes[i], GL_FLOAT, GL_FALSE, stride, (void *)(intptr_t)(off * sizeof(float)));
		glVertexAttribDivisor(i, 1);
		off += sizes[i];
	}
	glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
	glPixelStorei(GL_PACK_ALIGNMENT, 1);
	g->atlas = pb_texture();
	g->blank = pb_texture();
	unsigned char zero = 0;
	glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, &zero);
	g->sprites = pb_texture();

	glGenFramebuffers(1, &g->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, g->fbo);
	glGenRenderbuffers(1, &g->rb);
	glEnable(GL_BLEND);
	glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

	const char *ext = (const char *)glGetString(GL_EXTENSIONS);
	if (has(ext, "GL_EXT_disjoint_timer_query")) {
		g->getQueryui64v = (PFNGLGETQUERYOBJECTUI64VEXTPROC)eglGetProcAddress("glGetQueryObjectui64vEXT");
		if (g->getQueryui64v)
			glGenQueries(1, &g->query);
	}
	return glGetError() == GL_NO_ERROR;
}

static int pb_timer(pbgl *g) { return g->query != 0; }

// pb_acquire makes the context current on the calling thread; pb_release
// lets go of it, so that the next frame may come from another thread.
static int pb_acquire(pbgl *g) { return eglMakeCurrent(g->dpy, g->pbuf, g->pbuf, g->ctx); }
static void pb_release(pbgl *g) { eglMakeCurrent(g->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT); }

// pb_resize gives the framebuffer a w×h colour buffer.
static int pb_resize(pbgl *g, int w, int h) {
	glBindRenderbuffer(GL_RENDERBUFFER, g->rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, g->rb);
	g->w = w;
	g->h = h;
	glViewport(0, 0, w, h);
	glUniform2f(g->uView, (float)w, (float)h);
	return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

static void pb_upload(GLuint tex, GLenum internal, GLenum format, int w, int h, const void *pix) {
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, internal, w, h, 0, format, GL_UNSIGNED_BYTE, pix);
}

static void pb_upload_atlas(pbgl *g, GLuint tex, int w, int h, const void *pix) { pb_upload(tex, GL_R8, GL_RED, w, h, pix); }
static void pb_upload_sprites(pbgl *g, int w, int h, const void *pix) { pb_upload(g->sprites, GL_RGBA8, GL_RGBA, w, h, pix); }
static GLuint pb_new_texture(void) { return pb_texture(); }

static unsigned long long pb_now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec;
}

// pb_begin starts a frame: it takes the ring's next buffer, waiting first
// for the frame that last drew from it if the GPU has not finished that
// one (measured in waits and waitNs), and the timer query, when there is
// one and the last is read. It returns 0 when the wait failed.
static int pb_begin(pbgl *g) {
	g->slot = (g->slot + 1) % PB_RING;
	GLsync f = g->fence[g->slot];
	if (f) {
		g->fence[g->slot] = 0;
		GLenum r = glClientWaitSync(f, 0, 0);
		if (r == GL_TIMEOUT_EXPIRED) {
			unsigned long long t0 = pb_now();
			r = glClientWaitSync(f, GL_SYNC_FLUSH_COMMANDS_BIT, 10000000000ull);
			g->waits++;
			g->waitNs += pb_now() - t0;
		}
		glDeleteSync(f);
		if (r != GL_ALREADY_SIGNALED && r != GL_CONDITION_SATISFIED) return 0;
	}
	if (g->query && !g->queryPending) {
		glBeginQuery(GL_TIME_ELAPSED_EXT, g->query);
	}
	return 1;
}

// pb_clear clears one region (y down) to the background.
static void pb_clear(pbgl *g, int x0, int y0, int x1, int y1, float r, float gg, float b, float a) {
	glEnable(GL_SCISSOR_TEST);
	glScissor(x0, g->h - y1, x1 - x0, y1 - y0);
	glClearColor(r, gg, b, a);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
}

// pb_instances writes the frame's instances into the start of this
// frame's buffer, which no frame the GPU may still be drawing reads: the
// touched range only, in place, growing the buffer (to twice what is
// needed) only when they do not fit.
static void pb_instances(pbgl *g, const float *data, size_t bytes) {
	int i = g->slot;
	glBindBuffer(GL_ARRAY_BUFFER, g->vbo[i]);
	if (bytes > g->vboSize[i]) {
		glBufferData(GL_ARRAY_BUFFER, 2 * bytes, NULL, GL_DYNAMIC_DRAW);
		g->vboSize[i] = 2 * bytes;
	}
	glBufferSubData(GL_ARRAY_BUFFER, 0, bytes, data);
}

// pb_draw draws count instances from first with the atlas page tex bound.
static void pb_draw(pbgl *g, GLuint tex, int first, int count) {
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, tex ? tex : g->blank);
	glActiveTexture(GL_TEXTURE1);
	glBindTexture(GL_TEXTURE_2D, g->sprites);
	glActiveTexture(GL_TEXTURE0);
	const int stride = 22 * sizeof(float);
	const int sizes[6] = {4, 4, 4, 4, 4, 2};
	int off = first * 22;
	for (int i = 0; i < 6; i++) {
		glVertexAttribPointer(i, sizes[i], GL_FLOAT, GL_FALSE, stride, (void *)(intptr_t)(off * sizeof(float)));
		off += sizes[i];
	}
	glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, count);
}

// pb_present ends the frame: it fences it, for the frame that will reuse
// its buffer to wait on, and flushes it to the GPU without waiting for it
// to finish (reading the picture back waits, as glReadPixels does).
static void pb_present(pbgl *g) {
	if (g->query && !g->queryPending) {
		glEndQuery(GL_TIME_ELAPSED_EXT);
		g->queryPending = 1;
	}
	g->fence[g->slot] = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	glFlush();
}

// pb_gpu_time reads the last timer query, if its result is in: 1 with the
// nanoseconds in g->queryNs, 0 when not yet, -1 when the timer was
// disjoint (the result is meaningless).
static int pb_gpu_time(pbgl *g) {
	if (!g->query || !g->queryPending) return 0;
	GLuint avail = 0;
	glGetQueryObjectuiv(g->query, GL_QUERY_RESULT_AVAILABLE, &avail);
	if (!avail) return 0;
	GLuint64 v = 0;
	g->getQueryui64v(g->query, GL_QUERY_RESULT_EXT, &v);
	g->queryPending = 0;
	GLint disjoint = 0;
	glGetIntegerv(GL_GPU_DISJOINT_EXT, &disjoint);
	if (disjoint) return -1;
	g->queryNs = v;
	return 1;
}

static void pb_read(pbgl *g, void *dst) {
	glReadPixels(0, 0, g->w, g->h, GL_RGBA, GL_UNSIGNED_BYTE, dst);
}

static const char *pb_string(GLenum name) { return (const char *)glGetString(name); }
static int pb_error(void) { return (int)glGetError(); }

static void pb_destroy(pbgl *g) {
	if (g->dpy == EGL_NO_DISPLAY) return;
	if (eglMakeCurrent(g->dpy, g->pbuf, g->pbuf, g->ctx)) {
		for (int i = 0; i < PB_RING; i++)
			if (g->fence[i]) glDeleteSync(g->fence[i]);
	}
	eglMakeCurrent(g->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (g->ctx != EGL_NO_CONTEXT) eglDestroyContext(g->dpy, g->ctx);
	if (g->pbuf != EGL_NO_SURFACE) eglDestroySurface(g->dpy, g->pbuf);
	// The display is not terminated: EGL hands every caller in the process
	// the same one, and another renderer may be using it.
	g->dpy = EGL_NO_DISPLAY;
}
