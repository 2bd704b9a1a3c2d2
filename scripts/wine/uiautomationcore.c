/* uiautomationcore.dll that does nothing, for wine 8.0 (Debian 12), whose own exports
 * UiaRaiseStructureChangedEvent as a stub that stops the program: Lectern.exe, built with the
 * accessibility tag, calls it when its window first lays out its widgets (Fyne's UI Automation
 * provider, which finds these functions with GetProcAddress). Windows 10 and 11 have them all.
 * Only make package-check uses this, in its temporary wine prefix (WINEDLLOVERRIDES
 * uiautomationcore=n) for the window's start: Fyne's provider code runs whole; nothing reads it.
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o uiautomationcore.dll uiautomationcore.c
 */
#include <windows.h>

/* UiaReturnRawElementProvider answers WM_GETOBJECT: no client asks here. */
__declspec(dllexport) LRESULT WINAPI UiaReturnRawElementProvider(HWND hwnd, WPARAM w, LPARAM l, void *provider)
{
	return 0;
}

/* UiaHostProviderFromHwnd gives no host provider. */
__declspec(dllexport) HRESULT WINAPI UiaHostProviderFromHwnd(HWND hwnd, void **provider)
{
	if (provider)
		*provider = NULL;
	return E_NOTIMPL;
}

__declspec(dllexport) HRESULT WINAPI UiaRaiseAutomationEvent(void *provider, int id)
{
	return S_OK;
}

__declspec(dllexport) HRESULT WINAPI UiaRaiseStructureChangedEvent(void *provider, int change, int *id, int n)
{
	return S_OK;
}

__declspec(dllexport) HRESULT WINAPI UiaDisconnectProvider(void *provider)
{
	return S_OK;
}
