"""Function views: parse the request, call the engine, save, render."""
