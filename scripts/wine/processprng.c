/* bcryptprimitives.dll with ProcessPrng, for wine 8.0 (Debian 12), which has no such DLL: a Go
 * program (Go 1.22 and later) loads it from System32 at start to seed its random numbers, and
 * stops when it is missing. Windows 10 and 11 have it; only make package-check uses this, in the
 * temporary wine prefix where it runs Lectern.exe.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c
 */
#include <windows.h>

/* RtlGenRandom: advapi32's SystemFunction036, the random source that wine 8.0 has. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len)
{
	while (len > 0) {
		ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
